import { V1Namespace } from '@kubernetes/client-node';
import { StyrminDeployment } from '../../styrminDeployment/StyrminDeployment';
import { childLabels } from '../../styrminDeployment/labels';

/** The deployment's namespace, `styrmin-<deployment id>`, as the context names it. */
export function desiredNamespace(deployment: StyrminDeployment): V1Namespace {
  return {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: {
      name: deployment.spec.context.deployment.namespace,
      labels: childLabels(deployment),
    },
  };
}
