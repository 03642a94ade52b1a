import { Backup, StyrminClient } from '@styrmin/sdk';
import fs from 'node:fs/promises';
import path from 'node:path';
import { backupEnded, setUpBackupLocation } from './__testUtils__/e2eBackups';
import { EXAMPLE_DRIVERS } from './__testUtils__/exampleBundles';
import { useE2eWorld } from './__testUtils__/e2eWorld';
import { ClusterView } from './__testUtils__/operatorSandbox';

jest.setTimeout(300_000);

/** The server's scheduled tasks of backups (src/backups/BackupScheduler.ts in the backend). */
const SCHEDULED_BACKUPS_TASK = 'styrmin-backup-schedules';
const BACKUP_EXPIRY_TASK = 'styrmin-backup-expiry';

/*
 * A deployment's backup history end to end, in the world of e2eBackups.test.ts (a real
 * backend, kube-sandbox with Flux and Velero, the agent in this process): backups of each
 * instance across an upgrade, a scheduled backup that expires by its TTL, the history of
 * a tombstone. The server's scheduled tasks run when the tests trigger them, as
 * Backstage's scheduler runs them every minute.
 */
describe('backup history end to end', () => {
  const world = useE2eWorld({ velero: true });
  let view: ClusterView;
  let client: StyrminClient;
  let deploymentId: string;
  const instanceIds: string[] = [];
  const historyIds: string[] = [];

  beforeAll(async () => {
    ({ view, client } = world);
    await setUpBackupLocation(world);
    deploymentId = await world.createInfrahub('dev');
  });

  const runningInstance = (notId?: string) =>
    world.eventually(async () => {
      const deployment = await client.deployment({ id: deploymentId });
      return deployment?.state === 'RUNNING' &&
        deployment.activeInstance!.id !== notId
        ? deployment.activeInstance!.id
        : undefined;
    }, 'infrahub to run');

  const completedBackup = async () => {
    const created = await client.backups.create({ deployment: deploymentId });
    const ended = await backupEnded(world, created.id);
    expect(ended.phase).toBe('Completed');
    return ended;
  };

  const history = async () =>
    (await client.backups.list({ id: deploymentId }))!.nodes;

  /** The files of the sandbox's object store whose path names the Velero backup. */
  const storedFiles = async (veleroName: string) =>
    (await fs.readdir(world.objectStore, { recursive: true })).filter(file =>
      file.split(path.sep).includes(veleroName),
    );

  it('keeps the backups of both instances across an upgrade, newest first', async () => {
    instanceIds.push(await runningInstance());
    const first = await completedBackup();
    await world.json([
      'drivers',
      'load',
      path.join(EXAMPLE_DRIVERS, 'infrahub', '1.1.0'),
    ]);
    await world.json([
      'deployments',
      'upgrade',
      'dev/infrahub',
      '--driver-version',
      '1.1.0',
    ]);
    instanceIds.push(await runningInstance(instanceIds[0]));
    const second = await completedBackup();
    historyIds.push(second.id, first.id);

    const backups = await history();

    expect(backups.map(b => [b.id, b.instance.id])).toEqual([
      [second.id, instanceIds[1]],
      [first.id, instanceIds[0]],
    ]);
    expect(instanceIds[1]).not.toBe(instanceIds[0]);
  });

  it('takes a scheduled backup, then deletes it with its Velero objects and files once its TTL passed', async () => {
    await client.backups.setSchedule({
      deployment: deploymentId,
      cron: '* * * * *',
      ttl: '20s',
    });
    // The first slot is the next minute: the task takes nothing until it has come.
    const scheduled: Backup = await world.eventually(async () => {
      await world.backend.triggerTask(SCHEDULED_BACKUPS_TASK);
      return (await history()).find(b => b.trigger === 'SCHEDULE');
    }, 'the scheduled backup');
    await client.backups.setSchedule({
      deployment: deploymentId,
      cron: '* * * * *',
      ttl: '20s',
      paused: true,
    });
    const ended = await backupEnded(world, scheduled.id);
    expect(ended).toMatchObject({
      phase: 'Completed',
      createdBy: 'plugin:styrmin/backup-scheduler',
      ttl: '0h0m20s',
    });
    expect(ended.scheduledFor).toEqual(expect.any(String));
    expect(await storedFiles(ended.veleroName)).not.toEqual([]);

    await world.eventually(async () => {
      await world.backend.triggerTask(BACKUP_EXPIRY_TASK);
      return (await client.backups.get(scheduled.id)) === undefined;
    }, 'the expired backup to be deleted');

    expect((await history()).map(b => b.id)).toEqual(historyIds);
    expect(
      await view.read('velero.io/v1', 'Backup', ended.veleroName, 'velero'),
    ).toBeUndefined();
    expect(await storedFiles(ended.veleroName)).toEqual([]);
  });

  it("keeps the deployment's history once it is deleted", async () => {
    await world.json(['deployments', 'delete', 'dev/infrahub', '--yes']);
    await world.eventually(async () => {
      const deployment = await client.deployment({ id: deploymentId });
      return deployment?.state === 'DELETED';
    }, 'the tombstone');

    const backups = await history();

    expect(backups.map(b => [b.id, b.instance.id])).toEqual([
      [historyIds[0], instanceIds[1]],
      [historyIds[1], instanceIds[0]],
    ]);
  });
});
