import { V1Ingress } from '@kubernetes/client-node';
import { SANDBOX_INGRESS_ADDRESS } from '@styrmin/kube-sandbox';
import { StyrminClient } from '@styrmin/sdk';
import path from 'node:path';
import { EXAMPLE_DRIVERS } from './__testUtils__/exampleBundles';
import { useE2eWorld } from './__testUtils__/e2eWorld';
import { ClusterView } from './__testUtils__/operatorSandbox';

jest.setTimeout(300_000);

/*
 * An exposed service end to end: a real backend, kube-sandbox with Flux and its ingress
 * controller stand-in (class `sandbox`), the agent in this process and styrminctl. The
 * cluster sets `ingress_class` and `base_domain`; infrahub's `http` service is exposed, so
 * the operator makes its Ingress, the stand-in admits it, and the API shows its URL.
 */
describe('exposed services end to end', () => {
  const world = useE2eWorld();
  let view: ClusterView;
  let client: StyrminClient;
  let infrahubId: string;

  beforeAll(() => {
    ({ view, client } = world);
  });

  it('deploys infrahub 1.0.0 on a cluster with ingress settings', async () => {
    const { cluster, agentToken } = await world.json([
      'clusters',
      'create',
      'sandbox',
      '--set',
      'ingress_class=sandbox',
      '--set',
      'base_domain=apps.example.test',
    ]);
    await world.json([
      'environments',
      'create',
      'dev',
      '--cluster',
      cluster.name,
    ]);
    await world.json([
      'drivers',
      'load',
      path.join(EXAMPLE_DRIVERS, 'infrahub', '1.0.0'),
    ]);
    await world.startAgent(agentToken);
    infrahubId = await world.createInfrahub('dev');
    const running = await world.eventually(async () => {
      const deployment = await client.deployment({ id: infrahubId });
      return deployment?.state === 'RUNNING' && deployment;
    }, 'infrahub to run');
    expect(running.activeInstance?.number).toBe(1);
  });

  it('makes the Ingress of the exposed service with the class and host; the controller admits it', async () => {
    const ingress = await world.eventually(async () => {
      const found = await view.read<V1Ingress>(
        'networking.k8s.io/v1',
        'Ingress',
        'http',
        `styrmin-${infrahubId}`,
      );
      return found?.status?.loadBalancer?.ingress?.length ? found : undefined;
    }, "the http Ingress's load balancer");
    expect(ingress.spec).toEqual({
      ingressClassName: 'sandbox',
      rules: [
        {
          host: 'http-infrahub-dev.apps.example.test',
          http: {
            paths: [
              {
                path: '/',
                pathType: 'Prefix',
                backend: { service: { name: 'http', port: { number: 80 } } },
              },
            ],
          },
        },
      ],
    });
    expect(ingress.status?.loadBalancer?.ingress).toEqual([
      { ip: SANDBOX_INGRESS_ADDRESS },
    ]);
  });

  it('shows the URL in GraphQL (Deployment services)', async () => {
    const observed = await client.deploymentObservedState(infrahubId);
    expect(observed?.services).toEqual([
      expect.objectContaining({
        name: 'http',
        externalUrl: 'http://http-infrahub-dev.apps.example.test/',
      }),
    ]);
  });

  it('redeploys on an ingress_class change exactly the deployments with exposed services', async () => {
    await world.json([
      'drivers',
      'load',
      path.join(EXAMPLE_DRIVERS, 'semaphore', '1.0.0'),
    ]);
    const PASSWORD = 'semaphore admin password';
    const API_TOKEN = 'infrahub api token';
    await world.json(
      [
        'deployments',
        'create',
        'dev/semaphore',
        '--driver',
        'semaphore',
        '--driver-version',
        '1.0.0',
        '--app-version',
        '2.12.0',
        '--set-secret',
        'admin_password=PASSWORD',
        '--set-secret',
        'infrahub_api_token=API_TOKEN',
      ],
      { env: { PASSWORD, API_TOKEN } },
    );
    // Semaphore exposes nothing: its context holds no ingress setting.
    const redeployments = await world.json([
      'clusters',
      'update',
      'sandbox',
      '--set',
      'ingress_class=edge',
      '--preview',
    ]);
    expect(
      redeployments.map(
        (r: { deployment: { name: string } }) => r.deployment.name,
      ),
    ).toEqual(['infrahub']);
    expect(redeployments[0].diff).toEqual([
      expect.objectContaining({
        path: 'cluster.ingress_class',
        before: 'sandbox',
        after: 'edge',
      }),
    ]);
  });

  it('routes https once the cluster names a cert-manager issuer: the Ingress gets TLS and the URL https', async () => {
    await world.json([
      'clusters',
      'update',
      'sandbox',
      '--set',
      'ingress_cluster_issuer=letsencrypt',
    ]);
    const ingress = await world.eventually(async () => {
      const found = await view.read<V1Ingress>(
        'networking.k8s.io/v1',
        'Ingress',
        'http',
        `styrmin-${infrahubId}`,
      );
      return found?.spec?.tls && found;
    }, 'the Ingress to have TLS');
    expect(ingress.metadata?.annotations).toMatchObject({
      'cert-manager.io/cluster-issuer': 'letsencrypt',
    });
    expect(ingress.spec?.tls).toEqual([
      {
        hosts: ['http-infrahub-dev.apps.example.test'],
        secretName: 'http-infrahub-dev-tls',
      },
    ]);
    const observed = await world.eventually(async () => {
      const state = await client.deploymentObservedState(infrahubId);
      return state?.services[0]?.externalUrl?.startsWith('https:') && state;
    }, 'the https URL');
    expect(observed.services[0].externalUrl).toBe(
      'https://http-infrahub-dev.apps.example.test/',
    );
  });
});
