import { TEST_USER } from '../__testUtils__/coreStores';
import { DatabaseBackupStorageLocationStore } from '../backupStorageLocations/DatabaseBackupStorageLocationStore';
import { createTestDatabases } from '../__testUtils__/databases';
import {
  rowCounts,
  setupReconciliation,
} from '../__testUtils__/reconciliation';

jest.setTimeout(60_000);

describe('SettingsChanges', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function setup() {
      const fixture = await setupReconciliation({ databases, databaseId });
      return { ...fixture, changes: fixture.settingsChanges };
    }

    it('redeploys exactly the deployments whose context a cluster settings change changes, as the preview said', async () => {
      const { changes, createInfrahub, environment, cluster, knex } =
        await setup();
      const pinned = await environment('pinned', { storage_class: 'fast' });
      const dev = await createInfrahub();
      const other = await createInfrahub(undefined, 'other');
      await createInfrahub(pinned.id);

      const settingsPatch = { storage_class: 'premium' };
      const before = await rowCounts(knex);
      const preview = await changes.previewClusterUpdate({
        clusterId: cluster.id,
        settingsPatch,
      });
      await expect(rowCounts(knex)).resolves.toEqual(before);
      const update = await changes.updateCluster({
        clusterId: cluster.id,
        settingsPatch,
        updatedBy: TEST_USER,
      });

      const redeployed = [dev.deployment.id, other.deployment.id].sort();
      expect(preview.map(r => r.deployment.id).sort()).toEqual(redeployed);
      expect(update.redeployments.map(r => r.deployment.id).sort()).toEqual(
        redeployed,
      );
      expect(update.record).toMatchObject({
        settings: { storage_class: 'premium' },
        version: 2,
      });
      for (const redeployment of [...preview, ...update.redeployments]) {
        expect(redeployment.diff).toEqual([
          {
            path: 'cluster.storage_class',
            kind: 'changed',
            before: 'standard',
            after: 'premium',
          },
        ]);
        expect(redeployment.flowName).toBe('UPDATE_INSTANCE');
      }
      // The same settings again change nothing.
      const again = await changes.updateCluster({
        clusterId: cluster.id,
        settingsPatch,
        updatedBy: TEST_USER,
      });
      expect(again).toEqual({
        record: update.record,
        changed: false,
        redeployments: [],
      });
      await expect(
        changes.updateCluster({
          clusterId: cluster.id,
          settingsPatch: { storage_class: 'Not Valid' },
          updatedBy: TEST_USER,
        }),
      ).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'settings.storage_class',
      });
    });

    it('redeploys the deployments of an environment whose overrides change, and deletes an empty environment', async () => {
      const { changes, createInfrahub, dev, environment, database, clock } =
        await setup();
      const infrahub = await createInfrahub();
      const empty = await environment('empty');
      // An environment names only a location that is registered.
      const locations = await DatabaseBackupStorageLocationStore.create({
        database,
        clock,
      });
      await locations.createBackupStorageLocation({
        name: 'minio',
        store: { provider: 'S3', pathStyle: true },
        createdBy: TEST_USER,
      });

      // No values template or action of drivers/infrahub/1.0.0 reads a storage class for
      // another purpose than its database (the base domain it now uses: its http service is
      // exposed).
      await expect(
        changes.previewEnvironmentUpdate({
          environmentId: dev.id,
          overridesPatch: { storage_classes: { fast: 'ssd' } },
        }),
      ).resolves.toEqual([]);
      const overridesPatch = { storage_classes: { database: 'ssd' } };
      const preview = await changes.previewEnvironmentUpdate({
        environmentId: dev.id,
        overridesPatch,
      });
      const update = await changes.updateEnvironment({
        environmentId: dev.id,
        overridesPatch,
        backupStorageLocation: 'minio',
        updatedBy: TEST_USER,
      });

      expect(preview.map(r => r.deployment.id)).toEqual([
        infrahub.deployment.id,
      ]);
      expect(update.record).toMatchObject({
        overrides: overridesPatch,
        backupStorageLocation: 'minio',
        version: 2,
      });
      expect(update.redeployments.map(r => r.diff)).toEqual([
        [
          {
            path: 'cluster.storage_classes.database',
            kind: 'added',
            after: 'ssd',
          },
        ],
      ]);
      // The backup storage location is no part of the context.
      const bsl = await changes.updateEnvironment({
        environmentId: dev.id,
        backupStorageLocation: null,
        updatedBy: TEST_USER,
      });
      expect(bsl).toMatchObject({ changed: true, redeployments: [] });

      await expect(
        changes.deleteEnvironment({
          environmentId: dev.id,
          deletedBy: TEST_USER,
        }),
      ).rejects.toThrow('still has deployments (infrahub)');
      await expect(
        changes.deleteEnvironment({
          environmentId: empty.id,
          deletedBy: TEST_USER,
        }),
      ).resolves.toMatchObject({ deletedAt: expect.any(Date) });
    });
  });
});
