import { V1Service } from '@kubernetes/client-node';
import { StyrminDeployment } from '../../styrminDeployment/StyrminDeployment';
import { childLabels, COMPONENT_LABEL } from '../../styrminDeployment/labels';

/**
 * The Services the driver declares, in the deployment's namespace: each selects the pods of
 * its component by the component's label selector, so other deployments of the environment
 * reach it at `<service>.styrmin-<id>.svc.<cluster domain>`, as their contexts say.
 */
export function desiredServices(deployment: StyrminDeployment): V1Service[] {
  const { spec } = deployment;
  return spec.services.map(service => ({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      name: service.name,
      namespace: spec.context.deployment.namespace,
      labels: {
        ...childLabels(deployment),
        [COMPONENT_LABEL]: service.component,
      },
    },
    spec: {
      type: service.type,
      selector: spec.components[service.component].selector,
      ports: [
        {
          port: service.port,
          targetPort: service.target_port ?? service.port,
          protocol: service.protocol,
        },
      ],
    },
  }));
}
