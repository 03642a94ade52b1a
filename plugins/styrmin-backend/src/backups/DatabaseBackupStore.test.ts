import { ConflictError } from '@backstage/errors';
import { createTestDatabases } from '../__testUtils__/databases';
import { D1, D2, D3 } from '../__testUtils__/testDeployments';
import {
  BACKUP_TEST_USER,
  createBackupTestRecords,
  D1_FIRST_INSTANCE,
  D1_SECOND_INSTANCE,
  D2_INSTANCE,
  tombstone,
} from './__testUtils__/backupTestRecords';

jest.setTimeout(60_000);

describe('DatabaseBackupStore', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function setup() {
      const records = await createBackupTestRecords({ databases, databaseId });
      const { backups, minio, newTask, clock } = records;
      /** A backup of D1's instance (or D2's), one second after the one before. */
      const backUp = async (
        options: {
          deploymentId?: string;
          instanceId?: string;
          scheduledFor?: Date;
          ttlSeconds?: number;
        } = {},
      ) => {
        const { deploymentId = D1, instanceId = D1_FIRST_INSTANCE } = options;
        clock.advance({ seconds: 1 });
        return backups.createBackup({
          deploymentId,
          deploymentName: 'deployment-1',
          instanceId,
          backupStorageLocationId: minio.id,
          taskId: await newTask(deploymentId),
          trigger: options.scheduledFor ? 'SCHEDULE' : 'ON_DEMAND',
          scheduledFor: options.scheduledFor,
          ttlSeconds: options.ttlSeconds ?? 3600,
          createdBy: BACKUP_TEST_USER,
        });
      };
      return { ...records, backUp };
    }

    it('records a backup with its Velero name and expiry, and reads it by id', async () => {
      const { backUp, backups, minio, clock } = await setup();

      const backup = await backUp();

      expect(backup).toEqual({
        id: expect.any(String),
        deploymentId: D1,
        instanceId: D1_FIRST_INSTANCE,
        backupStorageLocationId: minio.id,
        veleroBackupName: `deployment-1-${backup.id.replace(/-/g, '')}`,
        taskId: expect.any(String),
        trigger: 'ON_DEMAND',
        scheduledFor: undefined,
        ttlSeconds: 3600,
        environmentBackupId: undefined,
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
          sizeBytes: undefined,
          expiresAt: new Date(clock.now().getTime() + 3600_000),
        },
        createdBy: BACKUP_TEST_USER,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      });
      await expect(backups.getBackup({ id: backup.id })).resolves.toEqual(
        backup,
      );
      await expect(
        backups.getBackup({ id: 'not-a-uuid' }),
      ).resolves.toBeUndefined();
      await expect(backups.getBackup({ id: D3 })).resolves.toBeUndefined();
    });

    it('lists the backup history newest first across instances, in pages, and keeps it for a tombstone', async () => {
      const { backUp, backups, knex } = await setup();
      const first = await backUp();
      const second = await backUp();
      await backUp({ deploymentId: D2, instanceId: D2_INSTANCE });
      const afterUpgrade = await backUp({ instanceId: D1_SECOND_INSTANCE });

      const page = await backups.listBackupPage({ deploymentId: D1, limit: 2 });
      expect(page.backups.map(b => b.id)).toEqual([afterUpgrade.id, second.id]);
      expect(page.hasNextPage).toBe(true);
      const last = page.backups[1];
      const rest = await backups.listBackupPage({
        deploymentId: D1,
        limit: 2,
        after: { createdAt: last.createdAt.getTime(), id: last.id },
      });
      expect(rest).toEqual({ backups: [first], hasNextPage: false });

      await tombstone(knex, D1);
      expect(
        (
          await backups.listBackupPage({ deploymentId: D1, limit: 10 })
        ).backups.map(b => b.instanceId),
      ).toEqual([D1_SECOND_INSTANCE, D1_FIRST_INSTANCE, D1_FIRST_INSTANCE]);
      await expect(
        backups.listBackupPage({ deploymentId: 'not-a-uuid', limit: 10 }),
      ).resolves.toEqual({ backups: [], hasNextPage: false });
    });

    it('starts one scheduled backup per deployment and slot, and knows the last slot', async () => {
      const { backUp, backups } = await setup();
      const slot = new Date('2026-12-01T03:00:00Z');
      const later = new Date('2026-12-02T03:00:00Z');

      const scheduled = await backUp({ scheduledFor: slot });
      expect(scheduled).toMatchObject({
        trigger: 'SCHEDULE',
        scheduledFor: slot,
      });
      await expect(backUp({ scheduledFor: slot })).rejects.toThrow(
        ConflictError,
      );
      await backUp({ scheduledFor: later });
      await backUp({
        deploymentId: D2,
        instanceId: D2_INSTANCE,
        scheduledFor: slot,
      });
      await backUp();

      await expect(
        backups.lastScheduledSlots({ deploymentIds: [D1, D2, D3] }),
      ).resolves.toEqual(
        new Map([
          [D1, later],
          [D2, slot],
        ]),
      );
    });

    it('lists the backups whose expiry passed, and deletes them harmlessly twice', async () => {
      const { backUp, backups, clock } = await setup();
      const short = await backUp({ ttlSeconds: 60 });
      const shorter = await backUp({ ttlSeconds: 10 });
      await backUp({ ttlSeconds: 3600 });

      await expect(
        backups.listExpiredBackups({ now: clock.now(), limit: 10 }),
      ).resolves.toEqual([]);
      clock.advance({ seconds: 60 });
      expect(
        (await backups.listExpiredBackups({ now: clock.now(), limit: 10 })).map(
          b => b.id,
        ),
      ).toEqual([shorter.id, short.id]);
      await expect(
        backups.listExpiredBackups({ now: clock.now(), limit: 1 }),
      ).resolves.toEqual([shorter]);

      await expect(backups.deleteBackup({ id: shorter.id })).resolves.toBe(
        true,
      );
      await expect(backups.deleteBackup({ id: shorter.id })).resolves.toBe(
        false,
      );
      await expect(backups.deleteBackup({ id: 'x' })).resolves.toBe(false);
      await expect(
        backups.getBackup({ id: shorter.id }),
      ).resolves.toBeUndefined();
    });

    it('records what the agent reports only when it changes, and never from an older report', async () => {
      const { backUp, backups, clock } = await setup();
      const backup = await backUp();
      const observedAt = new Date(clock.now().getTime() + 5000);
      const inProgress = {
        phase: 'InProgress' as const,
        itemsDone: 3,
        totalItems: 10,
        errorCount: 0,
        warningCount: 0,
        startedAt: clock.now(),
      };

      await expect(
        backups.recordBackupStatus({
          id: backup.id,
          observedAt,
          status: inProgress,
        }),
      ).resolves.toBe(true);
      await expect(
        backups.recordBackupStatus({
          id: backup.id,
          observedAt: new Date(observedAt.getTime() + 1000),
          status: inProgress,
        }),
      ).resolves.toBe(false);
      const expiresAt = new Date('2026-12-31T12:00:00Z');
      const failed = {
        ...inProgress,
        phase: 'PartiallyFailed' as const,
        itemsDone: 10,
        errorCount: 1,
        warningCount: 2,
        failureReason: 'pod volume backup of data failed: no space left',
        sizeBytes: 5_000_000_000,
        completedAt: new Date(observedAt.getTime() + 2000),
        expiresAt,
      };
      await expect(
        backups.recordBackupStatus({
          id: backup.id,
          observedAt: new Date(observedAt.getTime() - 1000),
          status: failed,
        }),
      ).resolves.toBe(false);
      await expect(
        backups.recordBackupStatus({
          id: backup.id,
          observedAt: new Date(observedAt.getTime() + 2000),
          status: failed,
        }),
      ).resolves.toBe(true);

      const { observedAt: _, ...expected } = failed as typeof failed & {
        observedAt?: Date;
      };
      expect((await backups.getBackup({ id: backup.id }))!.status).toEqual({
        ...expected,
        observedAt: new Date(observedAt.getTime() + 2000),
      });
      await expect(
        backups.recordBackupStatus({
          id: 'not-a-uuid',
          observedAt,
          status: failed,
        }),
      ).resolves.toBe(false);
      await expect(
        backups.recordBackupStatus({
          id: backup.id,
          observedAt: new Date(observedAt.getTime() + 3000),
          status: { ...failed, phase: 'Bogus' as 'Failed' },
        }),
      ).rejects.toThrow('Invalid Velero backup phase "Bogus"');
    });

    it('lists the constituents of an environment backup', async () => {
      const { backups, minio, newTask } = await setup();
      const environmentBackupId = '00000000-0000-4000-8000-00000000eb01';
      const constituent = await backups.createBackup({
        deploymentId: D2,
        deploymentName: 'deployment-2',
        instanceId: D2_INSTANCE,
        backupStorageLocationId: minio.id,
        taskId: await newTask(D2),
        trigger: 'ON_DEMAND',
        ttlSeconds: 60,
        environmentBackupId,
        createdBy: BACKUP_TEST_USER,
      });

      await expect(
        backups.listConstituentBackups({ environmentBackupId }),
      ).resolves.toEqual([constituent]);
      expect(constituent.environmentBackupId).toBe(environmentBackupId);
    });
  });
});
