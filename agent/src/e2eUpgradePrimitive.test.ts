import { StyrminClient, TaskTree } from '@styrmin/sdk';
import fs from 'node:fs/promises';
import path from 'node:path';
import { EXAMPLE_DRIVERS } from './__testUtils__/exampleBundles';
import { E2E_PASSWORD, useE2eWorld } from './__testUtils__/e2eWorld';

jest.setTimeout(300_000);

/** The action of the test driver: restarts the server, then upgrades its own deployment. */
const CHAIN_ACTION = `
/** setup / post: the deployment restarts its server, then moves to the newest driver version. */
export async function restartAndUpgrade({ primitives }) {
  await primitives.restartComponents(['server']);
  const { taskId } = await primitives.upgradeDeploymentVersion({
    driverVersion: '1.1.0',
    prompts: { 'run-migrations': { migration_timeout_minutes: 45 } },
  });
  console.log('upgrade task', taskId);
}
`;

/** Its declaration, the first of the driver version's actions. */
const CHAIN_DECLARATION = `    - name: restart-and-upgrade
      description: Restarts the server, then upgrades the deployment to driver version 1.1.0.
      hook: setup
      mode: post
      function:
        module: actions/chain.ts
        export: restartAndUpgrade
      components: [server]
      uses: []
`;

/*
 * The primitives that start linked tasks, end to end (a real backend, kube-sandbox with
 * Flux, the agent in this process, styrminctl): a test driver, the example infrahub 1.0.0
 * as version 0.9.0 with one more setup post action, restarts its server
 * (restartComponents) and upgrades its own deployment to infrahub 1.1.0
 * (upgradeDeploymentVersion), which retires the parameter task_worker_replicas for the
 * task-worker replica override. Both tasks show under the hook step, and the create task's
 * result includes them: the upgrade runs after the create task's own run has ended.
 */
describe('upgradeDeploymentVersion and restartComponents from an action, end to end', () => {
  const world = useE2eWorld();
  let client: StyrminClient;

  beforeAll(() => {
    ({ client } = world);
  });

  /** infrahub 1.0.0 as 0.9.0, with the chaining action, in a folder of the test's. */
  const chainingDriver = async () => {
    const directory = path.join(world.work, 'infrahub-0.9.0');
    await fs.cp(path.join(EXAMPLE_DRIVERS, 'infrahub', '1.0.0'), directory, {
      recursive: true,
    });
    await fs.writeFile(
      path.join(directory, 'actions', 'chain.ts'),
      CHAIN_ACTION,
    );
    const spec = path.join(directory, 'driver.styrmin.yml');
    const original = await fs.readFile(spec, 'utf8');
    const changed = original
      .replace(/^spec:\n {2}version: 1\.0\.0$/m, 'spec:\n  version: 0.9.0')
      .replace(/^ {2}actions:\n/m, `  actions:\n${CHAIN_DECLARATION}`);
    expect(changed).toContain('version: 0.9.0');
    expect(changed).toContain('restart-and-upgrade');
    await fs.writeFile(spec, changed);
    return directory;
  };

  it('lists the restart and the upgrade under the setup post-hook, and the create task ends with both', async () => {
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
    await world.json(['drivers', 'load', await chainingDriver()]);
    await world.json([
      'drivers',
      'load',
      path.join(EXAMPLE_DRIVERS, 'infrahub', '1.1.0'),
    ]);
    await world.startAgent(agentToken);
    const { deployment, task } = await world.json(
      [
        'deployments',
        'create',
        'dev/infrahub',
        '--driver',
        'infrahub',
        '--driver-version',
        '0.9.0',
        '--app-version',
        '1.5.2',
        '--set',
        'task_worker_replicas=3',
        '--set-secret',
        'admin_password',
      ],
      { stdin: `${E2E_PASSWORD}\n` },
    );
    const created: TaskTree = await world.eventually(async () => {
      const tree = await client.taskTree(task.id);
      return tree && ['SUCCEEDED', 'FAILED'].includes(tree.result) && tree;
    }, 'the create task and the tasks it started to end');

    const hookStep = created.steps.find(
      step => step.name === 'Run the setup post-hook',
    )!;
    expect(hookStep.status).toBe('SUCCEEDED');
    expect(
      hookStep.startedTasks.map(started => ({
        type: started.type,
        result: started.result,
      })),
    ).toEqual([
      { type: 'restart_components', result: 'SUCCEEDED' },
      { type: 'upgrade_instance', result: 'SUCCEEDED' },
    ]);
    const upgrade = hookStep.startedTasks[1];
    // The upgrade ran its own hooks (its pre-hook's stop of the task workers linked under it)
    // after the create task's run had ended.
    expect(upgrade.steps.every(step => step.status === 'SUCCEEDED')).toBe(true);
    expect(created.result).toBe('SUCCEEDED');
    const ended = (tree: TaskTree) =>
      Math.max(...tree.steps.map(step => Date.parse(step.endedAt!)));
    expect(Date.parse(upgrade.steps[0].startedAt!)).toBeGreaterThanOrEqual(
      ended(created),
    );

    // The retired parameter's value went to the replica override that replaces it.
    const upgraded = await world.eventually(async () => {
      const current = await client.deployment({ id: deployment.id });
      return current?.state === 'RUNNING' && current;
    }, 'infrahub to run at 1.1.0');
    expect(upgraded.activeInstance?.driverVersion.version).toBe('1.1.0');
    expect(upgraded.configuration).toMatchObject({
      components: { 'task-worker': { replicas: 3 } },
    });
    expect(
      (upgraded.configuration as any).parameters.task_worker_replicas,
    ).toBeUndefined();
  });
});
