import { EnvironmentBackup, StyrminClient } from '@styrmin/sdk';
import {
  deploymentRunning,
  firstClaim,
  runInfrahubAndSemaphore,
} from './__testUtils__/e2eEnvironment';
import { useE2eWorld } from './__testUtils__/e2eWorld';
import { OperatorSandbox } from './__testUtils__/operatorSandbox';

jest.setTimeout(400_000);

/*
 * Environment restore and environment clone end to end: a real backend (the styrmin
 * plugin on SQLite, its server pool's worker running the environment flows), kube-sandbox
 * with Flux and Velero, the agent in this process. infrahub and semaphore, connected to
 * it, are backed up as one environment backup with two constituents; semaphore's is then
 * deleted. The environment restore restores infrahub's data in place, reports semaphore
 * with its name and reason, and creates or deletes no deployment. The clone `dev-copy`
 * gets two new deployments, RUNNING, with the data of the backup it took, and its
 * semaphore connects to its own infrahub, not dev's.
 */
describe('environment restore and clone end to end', () => {
  const world = useE2eWorld({ velero: true });
  let sandbox: OperatorSandbox;
  let client: StyrminClient;
  let infrahubId: string;
  let semaphoreId: string;
  let infrahubClaim: string;
  let environmentBackupId: string;

  beforeAll(() => {
    ({ sandbox, client } = world);
  });

  const writeInfrahub = (deploymentId: string, text: string) =>
    sandbox.volumes.write(
      `styrmin-${deploymentId}`,
      infrahubClaim,
      'graph/rows',
      text,
    );
  const readInfrahub = async (deploymentId: string) =>
    (
      await sandbox.volumes.read(
        `styrmin-${deploymentId}`,
        infrahubClaim,
        'graph/rows',
      )
    ).toString();
  const deploymentsOf = async (environment: string) =>
    (await client.environmentWithDeployments({
      name: environment,
    }))!.deployments
      .map(d => [d.name, d.id, d.state])
      .sort();

  it('backs up infrahub and semaphore, connected to it, as one record with two constituents', async () => {
    ({ infrahubId, semaphoreId } = await runInfrahubAndSemaphore(world));
    infrahubClaim = await firstClaim(world, infrahubId);
    await writeInfrahub(infrahubId, 'captured\n');

    const started = await client.environmentBackups.create({
      environment: (await client.environment({ name: 'dev' }))!.id,
    });
    environmentBackupId = started.id;
    const completed = await world.eventually<EnvironmentBackup>(async () => {
      const backup = await client.environmentBackups.get(environmentBackupId);
      return backup?.status !== 'IN_PROGRESS' && backup;
    }, 'the environment backup to end');

    expect(completed.status).toBe('COMPLETED');
    expect(
      completed.constituents.map(c => [c.deploymentName, c.backup?.phase]),
    ).toEqual([
      ['infrahub', 'Completed'],
      ['semaphore', 'Completed'],
    ]);
  });

  it("restores the environment: infrahub's data back in place, semaphore reported with its name and reason, no deployment created or deleted", async () => {
    const semaphoreBackup = (await client.environmentBackups.get(
      environmentBackupId,
    ))!.constituents[1].backup!;
    await client.backups.delete(semaphoreBackup.id);
    await world.eventually(
      async () => !(await client.backups.get(semaphoreBackup.id)),
      "semaphore's constituent to go",
    );
    await writeInfrahub(infrahubId, 'changed since\n');
    const before = await deploymentsOf('dev');

    const plan = await client.environmentRestorePlan({
      environmentBackup: environmentBackupId,
    });
    expect(plan.restores.map(c => c.deploymentName)).toEqual(['infrahub']);
    expect(plan.unrestorable).toEqual([
      {
        deploymentName: 'semaphore',
        reason: 'CONSTITUENT_GONE',
        message: 'The constituent backup of semaphore was deleted or expired',
      },
    ]);

    const restore = await world.styrminctl([
      'environments',
      'restore',
      environmentBackupId,
      '--wait',
      '-o',
      'json',
    ]);

    // Not everything was restored: the task fails, naming what it left out and why.
    expect(restore.exitCode).not.toBe(0);
    expect(restore.stderr).toContain('(restore_environment) FAILED');
    const { task } = JSON.parse(restore.stdout);
    expect(task).toMatchObject({
      type: 'restore_environment',
      result: 'FAILED',
    });
    expect(
      task.steps.map((step: any) => [
        step.name,
        step.status,
        step.startedTasks.map((t: any) => [t.type, t.result]),
      ]),
    ).toEqual([
      ['Apply the environment configuration', 'SUCCEEDED', []],
      ['Restore infrahub', 'SUCCEEDED', [['restore_backup', 'SUCCEEDED']]],
      ['Report what was not restored', 'FAILED', []],
    ]);
    expect(task.steps[2].errors[0].outputTail).toBe(
      'semaphore: CONSTITUENT_GONE: The constituent backup of semaphore was deleted or expired',
    );
    expect(await readInfrahub(infrahubId)).toBe('captured\n');
    await deploymentRunning(world, infrahubId, 'infrahub to run after it');
    expect(await deploymentsOf('dev')).toEqual(before);
  });

  it('clones dev into dev-copy: two new deployments RUNNING, with the data of the backup the clone took, connected to each other only', async () => {
    await writeInfrahub(infrahubId, 'for the clone\n');

    const cloned = await world.json([
      'environments',
      'clone',
      'dev',
      'dev-copy',
      '--wait',
    ]);

    expect(cloned.task).toMatchObject({
      type: 'clone_environment',
      status: 'SUCCEEDED',
    });
    const copies = (await client.environmentWithDeployments({
      name: 'dev-copy',
    }))!.deployments;
    expect(copies.map(d => [d.name, d.state])).toEqual([
      ['infrahub', 'RUNNING'],
      ['semaphore', 'RUNNING'],
    ]);
    const [copiedInfrahub, copiedSemaphore] = copies;
    expect([copiedInfrahub.id, copiedSemaphore.id]).not.toContain(infrahubId);
    expect(await readInfrahub(copiedInfrahub.id)).toBe('for the clone\n');
    // The source is as it was.
    expect(await readInfrahub(infrahubId)).toBe('for the clone\n');

    const semaphore = (await client.deployment({ id: copiedSemaphore.id }))!;
    const context = JSON.stringify(semaphore.activeInstance!.context);
    expect(context).toContain(`styrmin-${copiedInfrahub.id}`);
    expect(context).not.toContain(infrahubId);
    expect(context).not.toContain(semaphoreId);
    // And so does the workload: what the restore brought from dev's namespace did not
    // replace the clone's own objects.
    const statefulSet = (
      await world.view.apps.listNamespacedStatefulSet({
        namespace: `styrmin-${copiedSemaphore.id}`,
      })
    ).items[0];
    const address = statefulSet.spec!.template.spec!.containers[0].env!.find(
      e => e.name === 'INFRAHUB_ADDRESS',
    )!.value;
    expect(address).toContain(`styrmin-${copiedInfrahub.id}`);
  });
});
