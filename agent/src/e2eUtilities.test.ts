import {
  V1ConfigMap,
  V1Deployment,
  V1Ingress,
  V1IngressClass,
} from '@kubernetes/client-node';
import { StyrminClient } from '@styrmin/sdk';
import path from 'node:path';
import { EXAMPLE_DRIVERS } from './__testUtils__/exampleBundles';
import { useE2eWorld } from './__testUtils__/e2eWorld';
import { ClusterView } from './__testUtils__/operatorSandbox';

jest.setTimeout(300_000);

/** The steps of every deployment's create_instance task whose driver has no hook actions. */
const OPERATOR_STEPS = [
  'Apply the StyrminDeployment resource',
  'Ensure the namespace',
  'Apply the chart source',
  'Install or upgrade the HelmRelease',
  'Apply the Services',
];

/*
 * Utilities end to end (docs/utilities.md): a real backend configured with the utilities
 * Styrmin ships, kube-sandbox with Flux and its ingress controller stand-in, the agent in
 * this process under its chart's RBAC, and styrminctl. Registering the cluster deploys
 * its ingress controller and its service discovery into system-sandbox through the same
 * tasks, flows and operator as applications; an ingress_class change redeploys exactly
 * the ingress controller and the deployments with exposed services; nobody changes a
 * utility by hand.
 */
describe('utilities end to end', () => {
  const world = useE2eWorld({ utilities: true });
  let view: ClusterView;
  let client: StyrminClient;

  beforeAll(() => {
    ({ view, client } = world);
  });

  async function utilities() {
    const system = await client.environmentWithDeployments({
      name: 'system-sandbox',
    });
    return system!.deployments;
  }

  async function utility(name: string) {
    const found = (await utilities()).find(d => d.name === name);
    return (await client.deployment({ id: found!.id }))!;
  }

  it('registering a cluster deploys its utilities, RUNNING, through tasks like any other', async () => {
    const { cluster, agentToken } = await world.json([
      'clusters',
      'create',
      'sandbox',
      '--set',
      'ingress_class=sandbox',
      '--set',
      'base_domain=apps.example.test',
    ]);
    // The system environment is not among the cluster's environments.
    expect(cluster.environments ?? []).toEqual([]);
    expect(await world.json(['environments', 'list'])).toEqual([]);
    await world.startAgent(agentToken);
    const running = await world.eventually(async () => {
      const all = await utilities();
      return all.length === 2 && all.every(d => d.state === 'RUNNING') && all;
    }, 'the utilities to run');
    expect(
      running.map(d => [
        d.name,
        `${d.driverVersion.name} ${d.driverVersion.version}`,
        d.appVersion,
        d.latestTask?.type,
        d.latestTask?.result,
      ]),
    ).toEqual([
      [
        'ingress-nginx',
        'ingress-nginx 1.0.0',
        '1.12.1',
        'create_instance',
        'SUCCEEDED',
      ],
      [
        'k8s-gateway',
        'k8s-gateway 1.0.0',
        '0.4.0',
        'create_instance',
        'SUCCEEDED',
      ],
    ]);
    for (const name of ['ingress-nginx', 'k8s-gateway']) {
      const deployment = await utility(name);
      expect(
        deployment.activeInstance!.task!.steps.map(s => [s.name, s.status]),
      ).toEqual(OPERATOR_STEPS.map(step => [step, 'SUCCEEDED']));
      expect(deployment.activeInstance!.task!.flowRun).toMatchObject({
        flowName: 'CREATE_INSTANCE',
        pool: `cluster:${cluster.id}`,
      });
    }
  });

  it("makes the cluster's IngressClass and the DNS server for base_domain", async () => {
    const ingress = await utility('ingress-nginx');
    const ingressClass = await view.read<V1IngressClass>(
      'networking.k8s.io/v1',
      'IngressClass',
      'sandbox',
    );
    expect(ingressClass?.spec).toEqual({ controller: 'k8s.io/ingress-nginx' });
    const controller = await view.read<V1Deployment>(
      'apps/v1',
      'Deployment',
      'ingress-nginx-ingress-nginx',
      `styrmin-${ingress.id}`,
    );
    expect(controller?.status?.readyReplicas).toBe(1);

    const dns = await utility('k8s-gateway');
    const corefile = await view.read<V1ConfigMap>(
      'v1',
      'ConfigMap',
      'k8s-gateway-k8s-gateway',
      `styrmin-${dns.id}`,
    );
    expect(corefile?.data?.Corefile).toContain(
      'k8s_gateway apps.example.test {',
    );
  });

  it('shows the utilities with styrminctl clusters show', async () => {
    const shown = await world.json(['clusters', 'show', 'sandbox']);
    expect(
      shown.utilities.map((u: { name: string; state: string }) => [
        u.name,
        u.state,
      ]),
    ).toEqual([
      ['ingress-nginx', 'RUNNING'],
      ['k8s-gateway', 'RUNNING'],
    ]);
    const table = await world.styrminctl(['clusters', 'show', 'sandbox']);
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toMatch(
      /ingress-nginx\s+ingress-nginx 1\.0\.0\s+1\.12\.1\s+RUNNING\s+create_instance SUCCEEDED/,
    );
  });

  it('changing ingress_class redeploys the ingress utility and the deployments with exposed services, and nothing else', async () => {
    await world.json(['environments', 'create', 'dev', '--cluster', 'sandbox']);
    for (const driver of ['infrahub', 'semaphore']) {
      await world.json([
        'drivers',
        'load',
        path.join(EXAMPLE_DRIVERS, driver, '1.0.0'),
      ]);
    }
    const infrahubId = await world.createInfrahub('dev');
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
        'infrahub_api_token=TOKEN',
      ],
      { env: { PASSWORD: 'semaphore admin password', TOKEN: 'api token' } },
    );
    await world.eventually(async () => {
      const deployment = await client.deployment({ id: infrahubId });
      return deployment?.state === 'RUNNING';
    }, 'infrahub to run');

    const preview = await world.json([
      'clusters',
      'update',
      'sandbox',
      '--set',
      'ingress_class=edge',
      '--preview',
    ]);
    const named = (redeployments: any[]) =>
      redeployments
        .map(
          (r: {
            deployment: { name: string; environment: { name: string } };
          }) => `${r.deployment.environment.name}/${r.deployment.name}`,
        )
        .sort();
    expect(named(preview)).toEqual([
      'dev/infrahub',
      'system-sandbox/ingress-nginx',
    ]);
    for (const redeployment of preview) {
      expect(redeployment.diff).toEqual([
        expect.objectContaining({
          path: 'cluster.ingress_class',
          before: 'sandbox',
          after: 'edge',
        }),
      ]);
    }

    const updated = await world.json([
      'clusters',
      'update',
      'sandbox',
      '--set',
      'ingress_class=edge',
    ]);
    expect(named(updated.redeployments)).toEqual([
      'dev/infrahub',
      'system-sandbox/ingress-nginx',
    ]);
    const redeployed = await world.eventually(async () => {
      const deployment = await utility('ingress-nginx');
      return (
        deployment.state === 'RUNNING' &&
        deployment.activeInstance?.number === 2 &&
        deployment
      );
    }, 'the ingress utility to run its second instance');
    expect(redeployed.activeInstance!.task).toMatchObject({
      type: 'update_instance',
      result: 'SUCCEEDED',
    });
    expect(
      await view.read('networking.k8s.io/v1', 'IngressClass', 'edge'),
    ).toBeDefined();
    const ingress = await world.eventually(async () => {
      const found = await view.read<V1Ingress>(
        'networking.k8s.io/v1',
        'Ingress',
        'http',
        `styrmin-${infrahubId}`,
      );
      return found?.spec?.ingressClassName === 'edge' && found;
    }, "infrahub's Ingress to take the new class");
    expect(ingress.spec?.rules?.[0].host).toBe(
      'http-infrahub-dev.apps.example.test',
    );
    // Service discovery does not read the ingress class: still its first instance.
    expect((await utility('k8s-gateway')).activeInstance?.number).toBe(1);
  });

  it('refuses to create, edit, upgrade or delete a utility: UTILITY_READ_ONLY, nothing written', async () => {
    const before = await utilities();
    const attempts = [
      [
        'deployments',
        'edit',
        'system-sandbox/ingress-nginx',
        '--app-version',
        '1.11.0',
      ],
      [
        'deployments',
        'upgrade',
        'system-sandbox/ingress-nginx',
        '--driver-version',
        '1.0.0',
      ],
      ['deployments', 'delete', 'system-sandbox/k8s-gateway', '--yes'],
      [
        'deployments',
        'create',
        'system-sandbox/extra',
        '--driver',
        'semaphore',
        '--driver-version',
        '1.0.0',
        '--app-version',
        '2.12.0',
      ],
      [
        'deployments',
        'create',
        'dev/my-ingress',
        '--driver',
        'ingress-nginx',
        '--driver-version',
        '1.0.0',
        '--app-version',
        '1.12.1',
      ],
    ];
    for (const args of attempts) {
      const result = await world.styrminctl(args);
      // The command with its answer, so that a failure names the one at fault.
      expect({
        args,
        failed: result.exitCode !== 0,
        stderr: result.stderr,
      }).toEqual({
        args,
        failed: true,
        stderr: expect.stringContaining('UTILITY_READ_ONLY'),
      });
    }
    const after = await utilities();
    expect(after.map(d => [d.name, d.state, d.appVersion])).toEqual(
      before.map(d => [d.name, d.state, d.appVersion]),
    );
    // Nor is a utility's driver among the drivers users deploy.
    const drivers = await world.json(['drivers', 'list']);
    expect(drivers.map((d: { name: string }) => d.name).sort()).toEqual([
      'infrahub',
      'semaphore',
    ]);
  });
});
