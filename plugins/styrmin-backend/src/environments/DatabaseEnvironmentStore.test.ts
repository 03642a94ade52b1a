import { ConflictError, NotFoundError } from '@backstage/errors';
import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { createTestDatabases } from '../__testUtils__/databases';
import { createCoreStores, TEST_USER } from '../__testUtils__/coreStores';
import { DatabaseBackupStorageLocationStore } from '../backupStorageLocations/DatabaseBackupStorageLocationStore';

jest.setTimeout(60_000);

describe('DatabaseEnvironmentStore', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function setup() {
      const stores = await createCoreStores({ databases, databaseId });
      const { cluster } = await stores.clusters.registerCluster({
        name: 'local',
        settings: {},
        createdBy: TEST_USER,
      });
      const locations = await DatabaseBackupStorageLocationStore.create(stores);
      await locations.createBackupStorageLocation({
        name: 'minio',
        store: { provider: 'S3', pathStyle: true },
        createdBy: TEST_USER,
      });
      return { ...stores, cluster, locations };
    }

    it('creates environments with unique names, and lists them by name', async () => {
      const { environments, cluster, clock } = await setup();

      const dev = await environments.createEnvironment({
        name: 'dev',
        clusterId: cluster.id,
        overrides: { base_domain: 'dev.example.com' },
        backupStorageLocation: 'minio',
        createdBy: TEST_USER,
      });
      const staging = await environments.createEnvironment({
        name: 'staging',
        clusterId: cluster.id,
        overrides: {},
        createdBy: TEST_USER,
      });

      expect(dev).toEqual({
        id: expect.any(String),
        name: 'dev',
        clusterId: cluster.id,
        overrides: { base_domain: 'dev.example.com' },
        settings: {},
        backupStorageLocation: 'minio',
        deletedAt: undefined,
        version: 1,
        createdBy: TEST_USER,
        createdAt: clock.now(),
        updatedBy: TEST_USER,
        updatedAt: clock.now(),
      });
      await expect(
        environments.createEnvironment({
          name: 'dev',
          clusterId: cluster.id,
          overrides: {},
          createdBy: TEST_USER,
        }),
      ).rejects.toThrow(ConflictError);
      await expect(environments.listEnvironments()).resolves.toEqual([
        dev,
        staging,
      ]);
      await expect(
        environments.listEnvironments({ clusterIds: ['not-a-uuid'] }),
      ).resolves.toEqual([]);
      await expect(
        environments.getEnvironment({ name: 'staging' }),
      ).resolves.toEqual(staging);
      await expect(
        environments.getEnvironment({ id: 'not-a-uuid' }),
      ).resolves.toBeUndefined();
    });

    it('updates by compare-and-set, and keeps a deleted environment out of sight', async () => {
      const { environments, cluster } = await setup();
      const dev = await environments.createEnvironment({
        name: 'dev',
        clusterId: cluster.id,
        overrides: {},
        createdBy: TEST_USER,
      });

      const updated = await environments.updateEnvironment({
        id: dev.id,
        expectedVersion: 1,
        overrides: { storage_class: 'fast' },
        settings: { backup_before_upgrade: 'always' },
        backupStorageLocation: 'minio',
        updatedBy: TEST_USER,
      });
      expect(updated).toMatchObject({
        version: 2,
        overrides: { storage_class: 'fast' },
        settings: { backup_before_upgrade: 'always' },
        backupStorageLocation: 'minio',
      });
      await expect(
        environments.updateEnvironment({
          id: dev.id,
          expectedVersion: 1,
          overrides: {},
          backupStorageLocation: null,
          updatedBy: TEST_USER,
        }),
      ).rejects.toThrow(ConflictError);

      const deleted = await environments.deleteEnvironment({
        id: dev.id,
        expectedVersion: 2,
        deletedBy: TEST_USER,
      });
      expect(deleted.deletedAt).toBeInstanceOf(Date);
      await expect(
        environments.getEnvironment({ id: dev.id }),
      ).resolves.toBeUndefined();
      await expect(environments.listEnvironments()).resolves.toEqual([]);
      await expect(
        environments.getEnvironments({ ids: [dev.id] }),
      ).resolves.toEqual([deleted]);
      await expect(
        environments.deleteEnvironment({
          id: dev.id,
          expectedVersion: 3,
          deletedBy: TEST_USER,
        }),
      ).rejects.toThrow('is deleted already');
      await expect(
        environments.updateEnvironment({
          id: '00000000-0000-4000-8000-000000000000',
          expectedVersion: 1,
          overrides: {},
          backupStorageLocation: null,
          updatedBy: TEST_USER,
        }),
      ).rejects.toThrow(NotFoundError);
      // The name is free again.
      await environments.createEnvironment({
        name: 'dev',
        clusterId: cluster.id,
        overrides: {},
        createdBy: TEST_USER,
      });
    });

    it('refuses a backup storage location that is not registered, and writes nothing', async () => {
      const { environments, cluster, knex } = await setup();
      const dev = await environments.createEnvironment({
        name: 'dev',
        clusterId: cluster.id,
        overrides: {},
        createdBy: TEST_USER,
      });
      const unknown = {
        code: 'VALIDATION_FAILED',
        field: 'backupStorageLocation',
        message:
          'backupStorageLocation: No backup storage location named s3 is registered',
      };

      await expect(
        environments.createEnvironment({
          name: 'staging',
          clusterId: cluster.id,
          overrides: {},
          backupStorageLocation: 's3',
          createdBy: TEST_USER,
        }),
      ).rejects.toMatchObject(unknown);
      await expect(
        environments.updateEnvironment({
          id: dev.id,
          expectedVersion: 1,
          overrides: { storage_class: 'fast' },
          backupStorageLocation: 's3',
          updatedBy: TEST_USER,
        }),
      ).rejects.toThrow(StyrminError);
      expect(
        await knex('styrmin_environments').select(
          'name',
          'version',
          'overrides',
        ),
      ).toEqual([{ name: 'dev', version: 1, overrides: '{}' }]);
      await expect(
        environments.getEnvironment({ id: dev.id, lock: true }),
      ).resolves.toEqual(dev);
    });
  });
});
