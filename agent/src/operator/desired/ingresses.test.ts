import { exampleDeployment } from '../../__testUtils__/exampleDeployment';
import { StyrminDeployment } from '../../styrminDeployment/StyrminDeployment';
import { desiredIngresses } from './ingresses';

/** The example deployment with its http service exposed, on a cluster with these settings. */
function exposedOn(cluster: object): StyrminDeployment {
  const deployment = exampleDeployment();
  deployment.spec.services = deployment.spec.services.map(service => ({
    ...service,
    expose: { protocol: 'https', path: '/ui' },
  }));
  deployment.spec.context.cluster = cluster;
  return deployment;
}

describe('desiredIngresses', () => {
  it('routes the host of each exposed service to it, with the class and TLS of the cluster', () => {
    const deployment = exposedOn({
      base_domain: 'apps.example.com',
      ingress_class: 'nginx',
      ingress_cluster_issuer: 'letsencrypt',
    });
    const { name, environment } = {
      name: deployment.spec.context.deployment.name,
      environment: deployment.spec.context.environment.name,
    };
    const host = `http-${name}-${environment}.apps.example.com`;
    expect(desiredIngresses(deployment)).toEqual([
      {
        apiVersion: 'networking.k8s.io/v1',
        kind: 'Ingress',
        metadata: {
          name: 'http',
          namespace: 'styrmin-d1',
          labels: {
            'app.kubernetes.io/managed-by': 'styrmin',
            'styrmin.io/deployment-id': 'd1',
            'styrmin.io/component': 'server',
          },
          annotations: {
            'cert-manager.io/cluster-issuer': 'letsencrypt',
            'nginx.ingress.kubernetes.io/backend-protocol': 'HTTPS',
          },
        },
        spec: {
          ingressClassName: 'nginx',
          rules: [
            {
              host,
              http: {
                paths: [
                  {
                    path: '/ui',
                    pathType: 'Prefix',
                    backend: {
                      service: { name: 'http', port: { number: 80 } },
                    },
                  },
                ],
              },
            },
          ],
          tls: [
            {
              hosts: [host],
              secretName: `http-${name}-${environment}-tls`,
            },
          ],
        },
      },
    ]);
  });

  it('makes none on a cluster without base_domain, nor for a service not exposed', () => {
    expect(desiredIngresses(exposedOn({ ingress_class: 'nginx' }))).toEqual([]);
    const plain = exampleDeployment();
    plain.spec.services = plain.spec.services.map(
      ({ expose: _, ...service }) => service,
    );
    plain.spec.context.cluster = { base_domain: 'apps.example.com' };
    expect(desiredIngresses(plain)).toEqual([]);
  });
});
