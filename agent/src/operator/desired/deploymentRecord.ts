import { V1ConfigMap } from '@kubernetes/client-node';
import { StyrminDeployment } from '../../styrminDeployment/StyrminDeployment';
import { childLabels } from '../../styrminDeployment/labels';
import { refOf } from '../refOf';

/** The name of the deployment record, the same in every deployment's namespace. */
export const DEPLOYMENT_RECORD_NAME = 'styrmin-deployment';

/**
 * The deployment record: a ConfigMap in the deployment's namespace that names the
 * StyrminDeployment it belongs to (`styrminDeployment`: `<namespace>/<name>`, `uid`). It is
 * what the operator's Events are also recorded on, so that `kubectl get events -n
 * styrmin-<id>` (and a Kubernetes tab reading that namespace) shows them beside the
 * workloads': an Event lives in the namespace of its involved object, and the
 * StyrminDeployment lives in the operator's. Nothing else in the namespace is the operator's
 * for the deployment's whole life (its Services and env Secret exist only if the driver
 * asks for them, the workloads are Flux's), and an owner reference cannot cross namespaces,
 * so the record goes with the namespace.
 */
export function desiredDeploymentRecord(
  deployment: StyrminDeployment,
): V1ConfigMap {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name: DEPLOYMENT_RECORD_NAME,
      namespace: deployment.spec.context.deployment.namespace,
      labels: childLabels(deployment),
    },
    data: {
      styrminDeployment: refOf(deployment),
      uid: deployment.metadata!.uid!,
    },
  };
}
