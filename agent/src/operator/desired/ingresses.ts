import { V1Ingress } from '@kubernetes/client-node';
import { exposedServices } from '@styrmin/plugin-styrmin-common';
import { StyrminDeployment } from '../../styrminDeployment/StyrminDeployment';
import { childLabels, COMPONENT_LABEL } from '../../styrminDeployment/labels';

/** The annotation by which cert-manager's ingress-shim certifies an Ingress. */
export const CLUSTER_ISSUER_ANNOTATION = 'cert-manager.io/cluster-issuer';

/**
 * How ingress-nginx is told that the Service behind an Ingress speaks TLS itself; other
 * controllers ignore it.
 */
export const BACKEND_PROTOCOL_ANNOTATION =
  'nginx.ingress.kubernetes.io/backend-protocol';

/**
 * The Ingresses of the services the driver exposes, one per service and named after it, in
 * the deployment's namespace: the host, class and TLS the context's cluster settings give
 * (`exposedServices`, the rule docs/context.md states), routing the path's prefix to the
 * service's port. None on a cluster without `base_domain`.
 */
export function desiredIngresses(deployment: StyrminDeployment): V1Ingress[] {
  const { spec } = deployment;
  const byName = new Map(spec.services.map(s => [s.name, s]));
  return exposedServices(spec.context, spec.services).map(exposed => {
    const annotations = {
      ...(exposed.tls?.clusterIssuer
        ? { [CLUSTER_ISSUER_ANNOTATION]: exposed.tls.clusterIssuer }
        : {}),
      ...(exposed.backendProtocol === 'https'
        ? { [BACKEND_PROTOCOL_ANNOTATION]: 'HTTPS' }
        : {}),
    };
    return {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'Ingress',
      metadata: {
        name: exposed.service,
        namespace: spec.context.deployment.namespace,
        labels: {
          ...childLabels(deployment),
          [COMPONENT_LABEL]: byName.get(exposed.service)!.component,
        },
        ...(Object.keys(annotations).length > 0 ? { annotations } : {}),
      },
      spec: {
        ...(exposed.ingressClass
          ? { ingressClassName: exposed.ingressClass }
          : {}),
        rules: [
          {
            host: exposed.host,
            http: {
              paths: [
                {
                  path: exposed.path,
                  pathType: 'Prefix',
                  backend: {
                    service: {
                      name: exposed.service,
                      port: { number: exposed.port },
                    },
                  },
                },
              ],
            },
          },
        ],
        ...(exposed.tls
          ? {
              tls: [
                { hosts: [exposed.host], secretName: exposed.tls.secretName },
              ],
            }
          : {}),
      },
    };
  });
}
