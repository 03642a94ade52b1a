import { ConflictError, NotFoundError } from '@backstage/errors';
import { createTestDatabases } from '../__testUtils__/databases';
import { createCoreStores, TEST_USER } from '../__testUtils__/coreStores';
import {
  BACKUP_TEST_USER,
  createBackupTestRecords,
  D1_FIRST_INSTANCE,
} from '../backups/__testUtils__/backupTestRecords';
import { D1, testId } from '../__testUtils__/testDeployments';
import { DatabaseBackupStorageLocationStore } from './DatabaseBackupStorageLocationStore';

jest.setTimeout(60_000);

describe('DatabaseBackupStorageLocationStore', () => {
  const databases = createTestDatabases();
  const minioStore = {
    provider: 'S3' as const,
    bucket: 'velero',
    prefix: 'styrmin',
    region: 'minio',
    endpointUrl: 'http://minio.velero.svc:9000',
    pathStyle: true,
    credentials: { secretName: 'cloud-credentials', key: 'cloud' },
  };

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function setup() {
      const stores = await createCoreStores({ databases, databaseId });
      const locations = await DatabaseBackupStorageLocationStore.create(stores);
      const register = (name: string) =>
        stores.clusters.registerCluster({
          name,
          settings: {},
          createdBy: TEST_USER,
        });
      const { cluster: local } = await register('local');
      const { cluster: remote } = await register('remote');
      return { ...stores, locations, local, remote };
    }

    it('registers locations with unique names, reads and lists them, and changes their store by compare-and-set', async () => {
      const { locations, clock } = await setup();

      const minio = await locations.createBackupStorageLocation({
        name: 'minio',
        store: minioStore,
        createdBy: TEST_USER,
      });
      const unconfigured = await locations.createBackupStorageLocation({
        name: 'archive',
        store: { provider: 'S3', pathStyle: false },
        createdBy: TEST_USER,
      });

      expect(minio).toEqual({
        id: expect.any(String),
        name: 'minio',
        ...minioStore,
        observed: [],
        version: 1,
        createdBy: TEST_USER,
        createdAt: clock.now(),
        updatedBy: TEST_USER,
        updatedAt: clock.now(),
      });
      expect(unconfigured).toMatchObject({
        bucket: undefined,
        credentials: undefined,
        pathStyle: false,
      });
      await expect(
        locations.createBackupStorageLocation({
          name: 'minio',
          store: minioStore,
          createdBy: TEST_USER,
        }),
      ).rejects.toThrow(ConflictError);
      await expect(locations.listBackupStorageLocations()).resolves.toEqual([
        unconfigured,
        minio,
      ]);
      await expect(
        locations.getBackupStorageLocation({ name: 'minio' }),
      ).resolves.toEqual(minio);
      await expect(
        locations.getBackupStorageLocation({ id: 'not-a-uuid' }),
      ).resolves.toBeUndefined();
      await expect(
        locations.getBackupStorageLocations({ ids: [minio.id, 'x'] }),
      ).resolves.toEqual([minio]);

      clock.advance({ seconds: 1 });
      const configured = await locations.updateBackupStorageLocation({
        id: unconfigured.id,
        expectedVersion: 1,
        store: { ...minioStore, prefix: undefined },
        updatedBy: 'user:default/grace',
      });
      expect(configured).toMatchObject({
        bucket: 'velero',
        prefix: undefined,
        credentials: minioStore.credentials,
        version: 2,
        updatedBy: 'user:default/grace',
        updatedAt: clock.now(),
      });
      await expect(
        locations.updateBackupStorageLocation({
          id: unconfigured.id,
          expectedVersion: 1,
          store: minioStore,
          updatedBy: TEST_USER,
        }),
      ).rejects.toThrow(ConflictError);
      await expect(
        locations.updateBackupStorageLocation({
          id: testId(999),
          expectedVersion: 1,
          store: minioStore,
          updatedBy: TEST_USER,
        }),
      ).rejects.toThrow(NotFoundError);
    });

    it('lists the locations that the environments of a cluster use', async () => {
      const { locations, environments, local, remote } = await setup();
      const minio = await locations.createBackupStorageLocation({
        name: 'minio',
        store: minioStore,
        createdBy: TEST_USER,
      });
      await locations.createBackupStorageLocation({
        name: 'unused',
        store: minioStore,
        createdBy: TEST_USER,
      });
      await environments.createEnvironment({
        name: 'dev',
        clusterId: local.id,
        overrides: {},
        backupStorageLocation: 'minio',
        createdBy: TEST_USER,
      });
      const gone = await environments.createEnvironment({
        name: 'old',
        clusterId: remote.id,
        overrides: {},
        backupStorageLocation: 'minio',
        createdBy: TEST_USER,
      });
      await environments.deleteEnvironment({
        id: gone.id,
        expectedVersion: 1,
        deletedBy: TEST_USER,
      });

      expect(
        (
          await locations.listBackupStorageLocations({ clusterId: local.id })
        ).map(l => l.name),
      ).toEqual(['minio']);
      await expect(
        locations.listBackupStorageLocations({ clusterId: remote.id }),
      ).resolves.toEqual([]);
      expect(minio.observed).toEqual([]);
    });

    it('records what the agent of each cluster observes, only when it changes', async () => {
      const { locations, local, remote, clock } = await setup();
      const minio = await locations.createBackupStorageLocation({
        name: 'minio',
        store: minioStore,
        createdBy: TEST_USER,
      });
      const validated = new Date('2026-12-01T11:59:00Z');
      const available = {
        backupStorageLocationId: minio.id,
        clusterId: local.id,
        phase: 'Available' as const,
        lastValidatedAt: validated,
        observedAt: clock.now(),
      };

      await expect(locations.recordObservedState(available)).resolves.toBe(
        true,
      );
      clock.advance({ seconds: 10 });
      await expect(
        locations.recordObservedState({
          ...available,
          observedAt: clock.now(),
        }),
      ).resolves.toBe(false);
      const refused = {
        ...available,
        clusterId: remote.id,
        phase: 'Unavailable' as const,
        message:
          'BackupStorageLocation "minio" is unavailable: rpc error: InvalidAccessKeyId',
        observedAt: clock.now(),
      };
      await expect(locations.recordObservedState(refused)).resolves.toBe(true);
      // A report read before the stored one changes nothing.
      await expect(
        locations.recordObservedState({
          ...available,
          phase: 'Unavailable',
          observedAt: new Date(validated.getTime()),
        }),
      ).resolves.toBe(false);
      await expect(
        locations.recordObservedState({
          ...available,
          lastValidatedAt: clock.now(),
          observedAt: clock.now(),
        }),
      ).resolves.toBe(true);

      await expect(
        locations.recordObservedState({
          ...available,
          backupStorageLocationId: testId(999),
        }),
      ).resolves.toBe(false);
      await expect(
        locations.recordObservedState({
          ...available,
          clusterId: 'not-a-uuid',
        }),
      ).resolves.toBe(false);

      const observed = (await locations.getBackupStorageLocation({
        id: minio.id,
      }))!.observed;
      expect(observed).toEqual(
        [
          {
            clusterId: local.id,
            phase: 'Available',
            message: undefined,
            lastValidatedAt: clock.now(),
            observedAt: clock.now(),
          },
          {
            clusterId: remote.id,
            phase: 'Unavailable',
            message: refused.message,
            lastValidatedAt: validated,
            observedAt: clock.now(),
          },
        ].sort((a, b) => (a.clusterId < b.clusterId ? -1 : 1)),
      );
    });

    it('refuses to delete a location that an environment uses, and deletes it with its observed state once none does', async () => {
      const { locations, environments, local } = await setup();
      const minio = await locations.createBackupStorageLocation({
        name: 'minio',
        store: minioStore,
        createdBy: TEST_USER,
      });
      const dev = await environments.createEnvironment({
        name: 'dev',
        clusterId: local.id,
        overrides: {},
        backupStorageLocation: 'minio',
        createdBy: TEST_USER,
      });
      const old = await environments.createEnvironment({
        name: 'old',
        clusterId: local.id,
        overrides: {},
        backupStorageLocation: 'minio',
        createdBy: TEST_USER,
      });
      await environments.deleteEnvironment({
        id: old.id,
        expectedVersion: 1,
        deletedBy: TEST_USER,
      });
      await locations.recordObservedState({
        backupStorageLocationId: minio.id,
        clusterId: local.id,
        phase: 'Available',
        observedAt: new Date(),
      });

      await expect(
        locations.deleteBackupStorageLocation({
          id: minio.id,
          expectedVersion: 1,
        }),
      ).rejects.toThrow(
        'Backup storage location minio is used by the environments dev; assign them another one first',
      );
      await expect(
        locations.getBackupStorageLocation({ id: minio.id }),
      ).resolves.toMatchObject({ version: 1 });

      await environments.updateEnvironment({
        id: dev.id,
        expectedVersion: 1,
        overrides: {},
        backupStorageLocation: null,
        updatedBy: TEST_USER,
      });
      await expect(
        locations.deleteBackupStorageLocation({
          id: minio.id,
          expectedVersion: 2,
        }),
      ).rejects.toThrow(ConflictError);
      await locations.deleteBackupStorageLocation({
        id: minio.id,
        expectedVersion: 1,
      });
      await expect(
        locations.getBackupStorageLocation({ id: minio.id }),
      ).resolves.toBeUndefined();
      // The deleted environment names none now.
      const [deletedOld] = await environments.getEnvironments({
        ids: [old.id],
      });
      expect(deletedOld.backupStorageLocation).toBeUndefined();
      await expect(
        locations.deleteBackupStorageLocation({
          id: minio.id,
          expectedVersion: 1,
        }),
      ).rejects.toThrow(NotFoundError);
    });
  });

  describe.each(databases.eachSupportedId())(
    'with backups, on %s',
    databaseId => {
      it('refuses to delete a location that holds backups', async () => {
        const { locations, backups, minio, newTask } =
          await createBackupTestRecords({ databases, databaseId });
        await backups.createBackup({
          deploymentId: D1,
          deploymentName: 'deployment-1',
          instanceId: D1_FIRST_INSTANCE,
          backupStorageLocationId: minio.id,
          taskId: await newTask(D1),
          trigger: 'ON_DEMAND',
          ttlSeconds: 60,
          createdBy: BACKUP_TEST_USER,
        });

        await expect(
          locations.deleteBackupStorageLocation({
            id: minio.id,
            expectedVersion: 1,
          }),
        ).rejects.toThrow(
          'Backup storage location minio holds 1 backups; delete them or let them expire first',
        );
        await expect(
          locations.getBackupStorageLocation({ id: minio.id }),
        ).resolves.toBeDefined();
      });
    },
  );
});
