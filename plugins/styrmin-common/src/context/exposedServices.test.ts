import { DriverService } from '../driver/DriverService';
import { exposedHostProblems, exposedServices } from './exposedServices';

const http = DriverService.parse({
  name: 'http',
  component: 'server',
  port: 80,
  expose: {},
});
const internal = DriverService.parse({
  name: 'db',
  component: 'database',
  port: 5432,
});
const context = (cluster: object, deployment = 'infrahub') => ({
  cluster,
  deployment: { id: 'd1', name: deployment, namespace: 'styrmin-d1' },
  environment: { name: 'dev', deployments: {} },
});

describe('exposedServices', () => {
  it('derives the host from the service, the deployment, the environment and base_domain', () => {
    expect(
      exposedServices(
        context({ base_domain: 'apps.example.com', ingress_class: 'nginx' }),
        [http, internal],
      ),
    ).toEqual([
      {
        service: 'http',
        port: 80,
        host: 'http-infrahub-dev.apps.example.com',
        path: '/',
        backendProtocol: 'http',
        ingressClass: 'nginx',
        url: 'http://http-infrahub-dev.apps.example.com/',
      },
    ]);
  });

  it('exposes nothing on a cluster without base_domain', () => {
    expect(
      exposedServices(context({ ingress_class: 'nginx' }), [http]),
    ).toEqual([]);
  });

  it('takes TLS from a cert-manager issuer, the secret named after the host unless set', () => {
    const [issued] = exposedServices(
      context({ base_domain: 'a.io', ingress_cluster_issuer: 'letsencrypt' }),
      [http],
    );
    expect(issued.tls).toEqual({
      secretName: 'http-infrahub-dev-tls',
      clusterIssuer: 'letsencrypt',
    });
    expect(issued.url).toBe('https://http-infrahub-dev.a.io/');
    const [named] = exposedServices(
      context({ base_domain: 'a.io', ingress_tls_secret: 'wildcard' }),
      [http],
    );
    expect(named.tls).toEqual({ secretName: 'wildcard' });
  });
});

describe('exposedHostProblems', () => {
  const exposed = (deployment: string, service = http) => ({
    name: deployment,
    exposed: exposedServices(context({ base_domain: 'a.io' }, deployment), [
      service,
    ]),
  });

  it('refuses a host that two deployments would serve', () => {
    const httpA = DriverService.parse({ ...http, name: 'http-a' });
    expect(exposedHostProblems([exposed('a-b'), exposed('b', httpA)])).toEqual([
      {
        code: 'CONFLICT',
        field: 'services.http-a',
        message: expect.stringContaining('http-a-b-dev.a.io'),
      },
    ]);
    expect(exposedHostProblems([exposed('a'), exposed('b')])).toEqual([]);
  });

  it('refuses a host that a deployment of another environment serves', () => {
    const elsewhere = new Map([['http-a-dev.a.io', 'b-dev/a']]);
    expect(exposedHostProblems([exposed('a')], elsewhere)).toEqual([
      {
        code: 'CONFLICT',
        field: 'services.http',
        message:
          "a's exposed service http would be served at http-a-dev.a.io, the host of b-dev/a's: rename one of the deployments",
      },
    ]);
    expect(exposedHostProblems([exposed('b')], elsewhere)).toEqual([]);
  });

  it('refuses a first label longer than DNS allows', () => {
    expect(exposedHostProblems([exposed('x'.repeat(55))])).toEqual([
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        field: 'services.http',
      }),
    ]);
    expect(exposedHostProblems([exposed('x'.repeat(54))])).toEqual([]);
  });
});
