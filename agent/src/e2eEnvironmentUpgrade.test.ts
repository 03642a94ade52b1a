import { StyrminClient } from '@styrmin/sdk';
import path from 'node:path';
import {
  deploymentRunning,
  runInfrahubAndSemaphore,
} from './__testUtils__/e2eEnvironment';
import { useE2eWorld } from './__testUtils__/e2eWorld';
import { EXAMPLE_DRIVERS } from './__testUtils__/exampleBundles';

jest.setTimeout(300_000);

/*
 * The environment upgrade end to end: a real backend (the styrmin plugin on SQLite, its
 * server pool running the UPGRADE_ENVIRONMENT flow), kube-sandbox with Flux, the agent in
 * this process, styrminctl. An environment with infrahub 1.0.0 and semaphore, which
 * connects to it, is upgraded once infrahub 1.1.0 is loaded: the plan names infrahub's
 * upgrade and leaves semaphore out (no newer version), and one parent task's linked task is
 * infrahub's upgrade, with its upgrade hooks.
 */
describe('environment upgrade end to end', () => {
  const world = useE2eWorld({ velero: true });
  let client: StyrminClient;
  let infrahubId: string;

  beforeAll(() => {
    ({ client } = world);
  });

  it('previews the upgrade of dev in order: infrahub to 1.1.0, semaphore left out', async () => {
    ({ infrahubId } = await runInfrahubAndSemaphore(world));
    await world.json([
      'drivers',
      'load',
      path.join(EXAMPLE_DRIVERS, 'infrahub', '1.1.0'),
    ]);

    const plan = await world.json([
      'environments',
      'upgrade',
      'dev',
      '--preview',
    ]);
    expect(plan).toMatchObject({
      upgrades: [
        {
          position: 1,
          deployment: { name: 'infrahub' },
          fromVersion: '1.0.0',
          toVersion: '1.1.0',
          after: [],
        },
      ],
      skipped: [
        {
          deploymentName: 'semaphore',
          reason: 'no version of semaphore newer than 1.0.0',
        },
      ],
      problems: [],
    });
  });

  it('upgrades infrahub 1.0.0 to 1.1.0 with its upgrade hooks under one parent task', async () => {
    const tree = await world.json(['environments', 'upgrade', 'dev', '--wait']);

    expect(tree).toMatchObject({
      type: 'upgrade_environment',
      result: 'SUCCEEDED',
      deployment: null,
      environment: { name: 'dev' },
      flowRun: { pool: 'server', flowName: 'UPGRADE_ENVIRONMENT' },
    });
    expect(tree.steps.map((s: any) => [s.name, s.status])).toEqual([
      ['Upgrade infrahub to 1.1.0', 'SUCCEEDED'],
    ]);
    const [linked] = tree.steps[0].startedTasks;
    expect(tree.steps[0].startedTasks).toHaveLength(1);
    expect(linked).toMatchObject({
      type: 'upgrade_instance',
      result: 'SUCCEEDED',
      deployment: { id: infrahubId, name: 'infrahub' },
    });
    const hookSteps = linked.steps
      .map((s: any) => s.name)
      .filter((name: string) => name.startsWith('Run the upgrade'));
    expect(hookSteps).toEqual([
      'Run the upgrade pre-hook',
      'Run the upgrade core-hook',
      'Run the upgrade post-hook',
    ]);
    expect(linked.steps.every((s: any) => s.status === 'SUCCEEDED')).toBe(true);

    await deploymentRunning(world, infrahubId, 'infrahub to run at 1.1.0');
    const infrahub = (await client.deployment({ id: infrahubId }))!;
    expect(infrahub.driverVersion).toMatchObject({
      name: 'infrahub',
      version: '1.1.0',
    });
    // The parent task is the environment's own, not one of its deployments' tasks.
    const dev = (await client.environment({ name: 'dev' }))!;
    const page = await client.environmentTasks({ id: dev.id, first: 50 });
    expect(page?.nodes.map(t => t.id)).not.toContain(tree.id);
  });
});
