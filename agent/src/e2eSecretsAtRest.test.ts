import { Sandbox } from '@styrmin/kube-sandbox';
import { DeploymentWithInstance, StyrminClient } from '@styrmin/sdk';
import path from 'node:path';
import { EXAMPLE_DRIVERS } from './__testUtils__/exampleBundles';
import { E2E_PASSWORD, useE2eWorld } from './__testUtils__/e2eWorld';
import { ClusterView } from './__testUtils__/operatorSandbox';

jest.setTimeout(300_000);

const SEMAPHORE_PASSWORD = 'semaphore admin password 8d2f';
const API_TOKEN = 'infrahub-api-token-5e7a1c9b';
const EDITED_PASSWORD = 'the edited infrahub password';

/** Every secret value of the example deployments, in the forms a resource could hold it. */
const SECRET_FORMS = [
  E2E_PASSWORD,
  SEMAPHORE_PASSWORD,
  API_TOKEN,
  EDITED_PASSWORD,
].flatMap(secret => [secret, Buffer.from(secret).toString('base64')]);

/*
 * The example deployments on kube-sandbox with the agent, as a user makes them with
 * styrminctl: `kubectl get styrmindeployment,helmrelease -A -o yaml` shows none of their
 * secret values, while the releases Flux's stand-in installed get every one.
 */
describe('secret values on the cluster', () => {
  const world = useE2eWorld();
  let sandbox: Sandbox;
  let view: ClusterView;
  let client: StyrminClient;

  beforeAll(() => {
    ({ sandbox, view, client } = world);
  });

  const running = (id: string, instance: number) =>
    world.eventually<DeploymentWithInstance>(async () => {
      const deployment = await client.deployment({ id });
      return deployment?.state === 'RUNNING' &&
        deployment.activeInstance?.number === instance &&
        deployment.activeInstance.task?.result === 'SUCCEEDED'
        ? deployment
        : undefined;
    }, `instance ${instance} of ${id} to run`);

  /** What `kubectl get styrmindeployment,helmrelease -A -o yaml` prints. */
  const specsAsYaml = async () =>
    (
      await sandbox.kubectl([
        'get',
        'styrmindeployment,helmrelease',
        '-A',
        '-o',
        'yaml',
      ])
    ).stdout;

  /** The values of a chart-rendered Secret in a deployment's namespace, decoded. */
  const renderedSecret = async (id: string, name: string) => {
    const secret = await view.read('v1', 'Secret', name, `styrmin-${id}`);
    return Object.fromEntries(
      Object.entries(secret.data as Record<string, string>).map(
        ([key, value]) => [key, Buffer.from(value, 'base64').toString()],
      ),
    );
  };

  it('shows no secret value in any StyrminDeployment or HelmRelease, and the releases get them', async () => {
    const { cluster, agentToken } = await world.json([
      'clusters',
      'create',
      'sandbox',
    ]);
    await world.json([
      'environments',
      'create',
      'dev',
      '--cluster',
      cluster.name,
    ]);
    for (const driver of ['infrahub', 'semaphore']) {
      await world.json([
        'drivers',
        'load',
        path.join(EXAMPLE_DRIVERS, driver, '1.0.0'),
      ]);
    }
    await world.startAgent(agentToken);

    const infrahubId = await world.createInfrahub('dev');
    await running(infrahubId, 1);
    const { deployment } = await world.json(
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
      { env: { PASSWORD: SEMAPHORE_PASSWORD, API_TOKEN } },
    );
    const semaphoreId: string = deployment.id;
    await running(semaphoreId, 1);
    // Creating semaphore redeployed infrahub (its context lists the environment's
    // deployments); the edit of its password is the instance after that.
    const before = (await client.deployment({ id: infrahubId }))!
      .activeInstance!;
    await world.json(
      ['deployments', 'edit', 'dev/infrahub', '--set-secret', 'admin_password'],
      { stdin: `${EDITED_PASSWORD}\n` },
    );
    await running(infrahubId, before.number + 1);

    const yaml = await specsAsYaml();
    expect(yaml).toContain('kind: StyrminDeployment');
    expect(yaml).toContain('kind: HelmRelease');
    expect(yaml).toContain('valuesFrom:');
    expect(SECRET_FORMS.filter(form => yaml.includes(form))).toEqual([]);

    // The releases got them: the charts render them into their own Secrets.
    await world.eventually(
      async () =>
        (
          await renderedSecret(infrahubId, 'infrahub-infrahub')
        )['admin-password'] === EDITED_PASSWORD,
      'the edited password in the infrahub release',
    );
    expect(
      await renderedSecret(semaphoreId, 'semaphore-semaphore'),
    ).toMatchObject({
      'admin-password': SEMAPHORE_PASSWORD,
      'infrahub-api-token': API_TOKEN,
    });
    expect(world.logger.lines.join('\n')).not.toContain(API_TOKEN);
  });
});
