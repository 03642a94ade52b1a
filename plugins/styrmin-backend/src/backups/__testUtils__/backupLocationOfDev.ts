import { TEST_USER } from '../../__testUtils__/coreStores';
import { setupReconciliation } from '../../__testUtils__/reconciliation';

/**
 * Registers the configured location `minio` (bucket velero, credentials by the Secret
 * cloud-credentials/cloud) and assigns it to `dev`, so that its deployments can be backed up.
 */
export async function assignBackupLocationToDev(
  setup: Awaited<ReturnType<typeof setupReconciliation>>,
): Promise<void> {
  const { backupStorageLocations, environments, dev } = setup;
  await backupStorageLocations.createBackupStorageLocation({
    name: 'minio',
    store: {
      provider: 'S3',
      bucket: 'velero',
      pathStyle: true,
      credentials: { secretName: 'cloud-credentials', key: 'cloud' },
    },
    createdBy: TEST_USER,
  });
  await environments.updateEnvironment({
    id: dev.id,
    expectedVersion: dev.version,
    overrides: {},
    backupStorageLocation: 'minio',
    updatedBy: TEST_USER,
  });
}
