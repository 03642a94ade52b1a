import { StyrminClient } from '@styrmin/sdk';
import path from 'node:path';
import { EXAMPLE_DRIVERS } from './__testUtils__/exampleBundles';
import { E2E_PASSWORD, useE2eWorld } from './__testUtils__/e2eWorld';

jest.setTimeout(300_000);

/*
 * The plan of a change end to end (issue 19 item 1; a real backend, kube-sandbox with Flux,
 * the agent in this process, styrminctl): dev/infrahub on 1.0.0 with task_worker_replicas
 * at 3, the upgrade to 1.1.0 planned with --plan (the values diff, the hooks with their
 * prompts, nothing changed), applied by its id until it runs on 1.1.0 with the value
 * carried over to the task-worker replica override; a plan of an edit is refused after a
 * concurrent edit, naming what changed.
 */
describe('planning a change and applying it by id, end to end', () => {
  const world = useE2eWorld();
  let client: StyrminClient;

  beforeAll(() => {
    ({ client } = world);
  });

  it('plans the upgrade of dev/infrahub to 1.1.0, applies the plan, and refuses a stale one', async () => {
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
    for (const version of ['1.0.0', '1.1.0']) {
      await world.json([
        'drivers',
        'load',
        path.join(EXAMPLE_DRIVERS, 'infrahub', version),
      ]);
    }
    await world.startAgent(agentToken);
    const { deployment } = await world.json(
      [
        'deployments',
        'create',
        'dev/infrahub',
        '--driver',
        'infrahub',
        '--driver-version',
        '1.0.0',
        '--app-version',
        '1.5.2',
        '--set',
        'task_worker_replicas=3',
        '--set-secret',
        'admin_password',
      ],
      { stdin: `${E2E_PASSWORD}\n` },
    );
    await world.eventually(async () => {
      const current = await client.deployment({ id: deployment.id });
      return current?.state === 'RUNNING' && current;
    }, 'infrahub to run at 1.0.0');

    const planned = await world.styrminctl([
      'deployments',
      'upgrade',
      'dev/infrahub',
      '--driver-version',
      '1.1.0',
      '--prompt',
      'run-migrations.migration_timeout_minutes=45',
      '--plan',
    ]);
    expect(planned.exitCode).toBe(0);
    const planId = planned.stdout.match(/^plan +(\S+)$/m)![1];
    expect(planned.stderr).toContain(`styrminctl plans apply ${planId}`);
    // The values diff, as a unified diff.
    expect(planned.stdout).toContain(
      [
        '--- dev/infrahub (active, infrahub 1.0.0)',
        '+++ dev/infrahub (planned, infrahub 1.1.0)',
      ].join('\n'),
    );
    expect(planned.stdout).toMatch(/^\+components\.task-worker\.replicas: 3$/m);
    // The hooks that will run, with their prompts.
    expect(planned.stdout).toMatch(
      /^1 +Run the upgrade pre-hook +stop-task-workers$/m,
    );
    expect(planned.stdout).toMatch(
      /^\d +Run the upgrade core-hook +run-migrations$/m,
    );
    expect(planned.stdout).toMatch(
      /^upgrade core run-migrations +migration_timeout_minutes +30$/m,
    );
    expect(planned.stdout).not.toContain(E2E_PASSWORD);
    expect(
      (await client.deployment({ id: deployment.id }))?.driverVersion.version,
    ).toBe('1.0.0');

    const applied = await world.styrminctl([
      'plans',
      'apply',
      planId,
      '--wait',
      '--timeout',
      '240',
    ]);
    expect(applied.exitCode).toBe(0);
    const upgraded = await world.eventually(async () => {
      const current = await client.deployment({ id: deployment.id });
      return current?.state === 'RUNNING' && current;
    }, 'infrahub to run at 1.1.0');
    expect(upgraded.activeInstance?.driverVersion.version).toBe('1.1.0');
    expect(upgraded.configuration).toMatchObject({
      components: { 'task-worker': { replicas: 3 } },
    });
    const plan = await client.plans.get(planId);
    expect(plan?.appliedTask?.id).toBeDefined();
    const again = await world.styrminctl(['plans', 'apply', planId]);
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toMatch(
      /^Error \[CONFLICT\]: Plan .* was applied already/,
    );

    const edit = await world.json([
      'deployments',
      'edit',
      'dev/infrahub',
      '--set',
      'default_branch=develop',
      '--plan',
    ]);
    await world.json([
      'deployments',
      'edit',
      'dev/infrahub',
      '--set',
      'default_branch=release',
    ]);
    const stale = await world.styrminctl(['plans', 'apply', edit.id]);
    expect(stale.exitCode).toBe(1);
    expect(stale.stderr).toContain(
      `Error [CONFLICT]: Plan ${
        edit.id
      } no longer applies, since it was computed deployment infrahub changed (version ${
        upgraded.version
      }, now ${upgraded.version + 1})`,
    );
  });
});
