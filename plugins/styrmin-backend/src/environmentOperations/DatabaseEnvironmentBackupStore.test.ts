import { mockServices } from '@backstage/backend-test-utils';
import { createTestDatabases } from '../__testUtils__/databases';
import { ManualClock } from '../__testUtils__/ManualClock';
import {
  D1,
  D2,
  insertTestEnvironment,
  testId,
} from '../__testUtils__/testDeployments';
import { testSecretBox } from '../__testUtils__/secretBox';
import { DatabaseEnvironmentBackupStore } from './DatabaseEnvironmentBackupStore';
import { CapturedDeployment } from './EnvironmentBackupStore';

jest.setTimeout(60_000);

const DEV = testId(2);
const USER = 'user:default/ada';

const infrahub: CapturedDeployment = {
  deploymentId: D1,
  name: 'infrahub',
  driver: { name: 'infrahub', version: '1.0.0' },
  configuration: {
    app_version: '1.6.0',
    parameters: { admin_password: 'secret-value' },
    components: { server: { replicas: 2 } },
  },
  backupId: testId(301),
};
const semaphore: CapturedDeployment = {
  deploymentId: D2,
  name: 'semaphore',
  driver: { name: 'semaphore', version: '1.0.0' },
  configuration: { app_version: '2.10.0', parameters: {}, components: {} },
  backupId: testId(302),
};

describe('DatabaseEnvironmentBackupStore', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function setup() {
      const knex = await databases.init(databaseId);
      const clock = new ManualClock();
      const store = await DatabaseEnvironmentBackupStore.create({
        database: mockServices.database({ knex }),
        secretBox: testSecretBox(),
        clock,
      });
      await insertTestEnvironment(knex);
      const record = (id: number) => {
        clock.advance({ seconds: 1 });
        return store.createEnvironmentBackup({
          id: testId(id),
          environmentId: DEV,
          environment: {
            name: 'dev',
            clusterId: testId(1),
            overrides: {},
            backupStorageLocation: 'minio',
          },
          deployments: [semaphore, infrahub],
          createdBy: USER,
        });
      };
      return { store, record };
    }

    it('records an environment backup with the declared states by name, and reads it back', async () => {
      const { store, record } = await setup();

      const recorded = await record(401);

      expect(recorded).toEqual({
        id: testId(401),
        environmentId: DEV,
        environment: {
          name: 'dev',
          clusterId: testId(1),
          overrides: {},
          backupStorageLocation: 'minio',
        },
        deployments: [infrahub, semaphore],
        createdBy: USER,
        createdAt: expect.any(Date),
      });
      await expect(
        store.getEnvironmentBackup({ id: testId(401) }),
      ).resolves.toEqual(recorded);
      await expect(
        store.getEnvironmentBackup({ id: 'not-a-uuid' }),
      ).resolves.toBeUndefined();
    });

    it('pages the environment backups of an environment newest first', async () => {
      const { store, record } = await setup();
      const [first, second, third] = [
        await record(401),
        await record(402),
        await record(403),
      ];

      const page = await store.listEnvironmentBackupPage({
        environmentId: DEV,
        limit: 2,
      });
      const next = await store.listEnvironmentBackupPage({
        environmentId: DEV,
        limit: 2,
        after: { createdAt: second.createdAt.getTime(), id: second.id },
      });

      expect(page.environmentBackups.map(b => b.id)).toEqual([
        third.id,
        second.id,
      ]);
      expect(page.hasNextPage).toBe(true);
      expect(next.environmentBackups.map(b => b.id)).toEqual([first.id]);
      expect(next.hasNextPage).toBe(false);
      await expect(
        store.listEnvironmentBackupPage({ environmentId: testId(9), limit: 5 }),
      ).resolves.toEqual({ environmentBackups: [], hasNextPage: false });
    });

    it('deletes one once, a retry answering that there was none', async () => {
      const { store, record } = await setup();
      await record(401);
      await record(402);

      await expect(
        store.deleteEnvironmentBackup({ id: testId(401) }),
      ).resolves.toBe(true);
      await expect(
        store.deleteEnvironmentBackup({ id: testId(401) }),
      ).resolves.toBe(false);
      await expect(
        store.getEnvironmentBackup({ id: testId(401) }),
      ).resolves.toBeUndefined();
      await expect(
        store.getEnvironmentBackup({ id: testId(402) }),
      ).resolves.toBeDefined();
    });
  });
});
