import { EnvironmentBackup, StyrminClient } from '@styrmin/sdk';
import { runInfrahubAndSemaphore } from './__testUtils__/e2eEnvironment';
import { E2E_PASSWORD, useE2eWorld } from './__testUtils__/e2eWorld';
import { OperatorSandbox } from './__testUtils__/operatorSandbox';

jest.setTimeout(300_000);

/*
 * Environment operations end to end: a real backend (the styrmin plugin on SQLite),
 * kube-sandbox with Flux and Velero, the agent in this process. An environment with
 * infrahub and semaphore connected to it is backed up as one record with two
 * constituents; one constituent is then deleted on its own, and the environment backup
 * shows it gone.
 */
describe('environment operations end to end', () => {
  const world = useE2eWorld({ velero: true });
  let sandbox: OperatorSandbox;
  let client: StyrminClient;
  let infrahubId: string;
  let semaphoreId: string;
  let environmentBackupId: string;

  beforeAll(() => {
    ({ sandbox, client } = world);
  });

  it('runs infrahub and semaphore, connected to it, in dev', async () => {
    ({ infrahubId, semaphoreId } = await runInfrahubAndSemaphore(world));

    const deployments = await Promise.all(
      [infrahubId, semaphoreId].map(id => client.deployment({ id })),
    );
    expect(deployments.map(d => [d?.name, d?.state])).toEqual([
      ['infrahub', 'RUNNING'],
      ['semaphore', 'RUNNING'],
    ]);
  });

  it('backs up the environment as one record with two Completed constituents, the volume data in them', async () => {
    const namespace = `styrmin-${infrahubId}`;
    const claim = (
      await world.view.core.listNamespacedPersistentVolumeClaim({ namespace })
    ).items[0].metadata!.name!;
    await sandbox.volumes.write(namespace, claim, 'graph/rows', 'captured\n');

    const started = await client.environmentBackups.create({
      environment: (await client.environment({ name: 'dev' }))!.id,
    });
    environmentBackupId = started.id;
    expect(started.status).toBe('IN_PROGRESS');
    const completed = await world.eventually<EnvironmentBackup>(async () => {
      const backup = await client.environmentBackups.get(environmentBackupId);
      return backup?.status !== 'IN_PROGRESS' && backup;
    }, 'the environment backup to end');

    expect(completed.status).toBe('COMPLETED');
    expect(
      completed.constituents.map(c => [
        c.deploymentName,
        c.backup?.phase,
        c.backup?.task?.type,
      ]),
    ).toEqual([
      ['infrahub', 'Completed', 'create_backup'],
      ['semaphore', 'Completed', 'create_backup'],
    ]);
    const infrahubBackup = completed.constituents[0].backup!;
    expect(infrahubBackup.sizeBytes).toBe('captured\n'.length);
    // Each constituent is an ordinary backup in its deployment's history.
    const history = await client.backups.list({ id: semaphoreId });
    expect(history?.nodes.map(b => b.id)).toEqual([
      completed.constituents[1].backup!.id,
    ]);
    expect(JSON.stringify(completed)).not.toContain(E2E_PASSWORD);
  });

  it('deletes one constituent on its own: the environment backup shows it gone', async () => {
    const before = (await client.environmentBackups.get(environmentBackupId))!;
    const semaphoreBackup = before.constituents[1].backup!;

    await client.backups.delete(semaphoreBackup.id);
    await world.eventually(
      async () => !(await client.backups.get(semaphoreBackup.id)),
      'the constituent to go',
    );

    const partial = (await client.environmentBackups.get(environmentBackupId))!;
    expect(partial.status).toBe('PARTIAL');
    expect(
      partial.constituents.map(c => [c.deploymentName, c.backup?.id ?? null]),
    ).toEqual([
      ['infrahub', before.constituents[0].backup!.id],
      ['semaphore', null],
    ]);
  });
});
