import { ConflictError, NotFoundError } from '@backstage/errors';
import { createTestDatabases } from '../__testUtils__/databases';
import { D1, D2, testId } from '../__testUtils__/testDeployments';
import {
  BACKUP_TEST_USER,
  createBackupTestRecords,
} from './__testUtils__/backupTestRecords';

jest.setTimeout(60_000);

describe('DatabaseBackupScheduleStore', () => {
  const databases = createTestDatabases();
  /** The environment of the test deployments (see insertTestEnvironment). */
  const DEV = testId(2);
  const nightly = { cron: '0 3 * * *', ttlSeconds: 7 * 86400, paused: false };

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    it('keeps one schedule per environment and per deployment, changed by compare-and-set', async () => {
      const { schedules, clock } = await createBackupTestRecords({
        databases,
        databaseId,
      });

      const environment = await schedules.putBackupSchedule({
        owner: { environmentId: DEV },
        schedule: nightly,
        updatedBy: BACKUP_TEST_USER,
      });
      expect(environment).toEqual({
        id: expect.any(String),
        environmentId: DEV,
        deploymentId: undefined,
        ...nightly,
        version: 1,
        createdBy: BACKUP_TEST_USER,
        createdAt: clock.now(),
        updatedBy: BACKUP_TEST_USER,
        updatedAt: clock.now(),
      });
      await expect(
        schedules.putBackupSchedule({
          owner: { environmentId: DEV },
          schedule: nightly,
          updatedBy: BACKUP_TEST_USER,
        }),
      ).rejects.toThrow(ConflictError);

      const own = await schedules.putBackupSchedule({
        owner: { deploymentId: D1 },
        schedule: { ...nightly, paused: true },
        updatedBy: BACKUP_TEST_USER,
      });
      const changed = await schedules.putBackupSchedule({
        owner: { deploymentId: D1 },
        schedule: { cron: '*/15 * * * *', ttlSeconds: 3600, paused: false },
        expectedVersion: 1,
        updatedBy: 'user:default/grace',
      });
      expect(changed).toMatchObject({
        id: own.id,
        deploymentId: D1,
        cron: '*/15 * * * *',
        paused: false,
        version: 2,
        updatedBy: 'user:default/grace',
      });
      await expect(
        schedules.putBackupSchedule({
          owner: { deploymentId: D1 },
          schedule: nightly,
          expectedVersion: 1,
          updatedBy: BACKUP_TEST_USER,
        }),
      ).rejects.toThrow(ConflictError);
      await expect(
        schedules.putBackupSchedule({
          owner: { deploymentId: D2 },
          schedule: nightly,
          expectedVersion: 1,
          updatedBy: BACKUP_TEST_USER,
        }),
      ).rejects.toThrow(NotFoundError);

      await expect(
        schedules.getBackupSchedule({ deploymentId: D1 }),
      ).resolves.toEqual(changed);
      await expect(
        schedules.getBackupSchedule({ deploymentId: D2 }),
      ).resolves.toBeUndefined();
      await expect(
        schedules.getBackupSchedule({ environmentId: 'not-a-uuid' }),
      ).resolves.toBeUndefined();
      const both = await schedules.getBackupSchedules({
        environmentIds: [DEV],
        deploymentIds: [D1, D2],
      });
      expect(both.map(s => s.id).sort()).toEqual(
        [environment.id, own.id].sort(),
      );
    });

    it('removes a deployment schedule, so that it inherits its environment again', async () => {
      const { schedules } = await createBackupTestRecords({
        databases,
        databaseId,
      });
      const own = await schedules.putBackupSchedule({
        owner: { deploymentId: D1 },
        schedule: nightly,
        updatedBy: BACKUP_TEST_USER,
      });

      await expect(
        schedules.deleteBackupSchedule({ id: own.id, expectedVersion: 2 }),
      ).rejects.toThrow(ConflictError);
      await schedules.deleteBackupSchedule({ id: own.id, expectedVersion: 1 });
      await expect(
        schedules.getBackupSchedule({ deploymentId: D1 }),
      ).resolves.toBeUndefined();
      await expect(
        schedules.deleteBackupSchedule({ id: own.id, expectedVersion: 1 }),
      ).rejects.toThrow(NotFoundError);
    });
  });
});
