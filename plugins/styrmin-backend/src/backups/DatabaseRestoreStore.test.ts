import { createTestDatabases } from '../__testUtils__/databases';
import { D1, D2 } from '../__testUtils__/testDeployments';
import {
  BACKUP_TEST_USER,
  createBackupTestRecords,
  D1_FIRST_INSTANCE,
} from './__testUtils__/backupTestRecords';

jest.setTimeout(60_000);

describe('DatabaseRestoreStore', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function setup() {
      const records = await createBackupTestRecords({ databases, databaseId });
      const { backups, restores, minio, newTask, clock } = records;
      const backup = await backups.createBackup({
        deploymentId: D1,
        deploymentName: 'deployment-1',
        instanceId: D1_FIRST_INSTANCE,
        backupStorageLocationId: minio.id,
        taskId: await newTask(D1),
        trigger: 'ON_DEMAND',
        ttlSeconds: 3600,
        createdBy: BACKUP_TEST_USER,
      });
      const restore = async (
        deploymentId = D1,
        deploymentName = 'deployment-1',
      ) => {
        clock.advance({ seconds: 1 });
        return restores.createRestore({
          backup,
          deploymentId,
          deploymentName,
          taskId: await newTask(deploymentId),
          createdBy: BACKUP_TEST_USER,
        });
      };
      return { ...records, backup, restore };
    }

    it('records an in-place restore, reads it, and keeps it when its backup goes', async () => {
      const { restore, restores, backups, backup, clock } = await setup();

      const inPlace = await restore();

      expect(inPlace).toEqual({
        id: expect.any(String),
        backupId: backup.id,
        sourceDeploymentId: D1,
        deploymentId: D1,
        veleroBackupName: backup.veleroBackupName,
        veleroRestoreName: `deployment-1-${inPlace.id.replace(/-/g, '')}`,
        taskId: expect.any(String),
        environmentRestoreId: undefined,
        status: {
          phase: undefined,
          itemsDone: undefined,
          totalItems: undefined,
          errorCount: 0,
          warningCount: 0,
          failureReason: undefined,
          startedAt: undefined,
          completedAt: undefined,
          observedAt: undefined,
        },
        createdBy: BACKUP_TEST_USER,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      });
      await expect(restores.getRestore({ id: inPlace.id })).resolves.toEqual(
        inPlace,
      );
      await expect(
        restores.getRestore({ id: 'not-a-uuid' }),
      ).resolves.toBeUndefined();

      await backups.deleteBackup({ id: backup.id });
      await expect(restores.getRestore({ id: inPlace.id })).resolves.toEqual({
        ...inPlace,
        backupId: undefined,
      });
    });

    it('lists the restores into a deployment newest first, in pages', async () => {
      const { restore, restores } = await setup();
      const first = await restore();
      const crossTarget = await restore(D2, 'deployment-2');
      const second = await restore();

      const page = await restores.listRestorePage({
        deploymentId: D1,
        limit: 1,
      });
      expect(page).toEqual({ restores: [second], hasNextPage: true });
      await expect(
        restores.listRestorePage({
          deploymentId: D1,
          limit: 5,
          after: { createdAt: second.createdAt.getTime(), id: second.id },
        }),
      ).resolves.toEqual({ restores: [first], hasNextPage: false });
      await expect(
        restores.listRestorePage({ deploymentId: D2, limit: 5 }),
      ).resolves.toMatchObject({
        restores: [{ id: crossTarget.id, sourceDeploymentId: D1 }],
      });
    });

    it('records what the agent reports of the Velero Restore only when it changes', async () => {
      const { restore, restores, clock } = await setup();
      const inPlace = await restore();
      const observedAt = clock.now();
      const completed = {
        phase: 'Completed' as const,
        itemsDone: 12,
        totalItems: 12,
        errorCount: 0,
        warningCount: 1,
        startedAt: observedAt,
        completedAt: observedAt,
      };

      await expect(
        restores.recordRestoreStatus({
          id: inPlace.id,
          observedAt,
          status: completed,
        }),
      ).resolves.toBe(true);
      await expect(
        restores.recordRestoreStatus({
          id: inPlace.id,
          observedAt,
          status: completed,
        }),
      ).resolves.toBe(false);
      expect((await restores.getRestore({ id: inPlace.id }))!.status).toEqual({
        ...completed,
        failureReason: undefined,
        observedAt,
      });
    });
  });
});
