import { Sandbox, startSandbox } from '../../Sandbox';
import { deploymentManifest } from '../../testing/objects';
import { waitFor } from '../../testing/waitFor';
import { storedKeys } from './__testUtils__/storedKeys';

jest.setTimeout(30_000);

describe('Velero stand-in', () => {
  let sandbox: Sandbox;
  const velero = (kind: string) =>
    sandbox.api.scope('velero.io/v1', kind, 'velero');
  const phase = (kind: string, name: string) =>
    sandbox.api.store.get(`velero.io/${kind}`, 'velero', name)?.status?.phase;

  beforeAll(async () => {
    sandbox = await startSandbox({
      workloads: { startDelayMs: 5, readyDelayMs: 5 },
    });
    sandbox.api.create(sandbox.api.scope('v1', 'Namespace'), {
      metadata: { name: 'shop' },
    });
    sandbox.api.create(
      sandbox.api.scope('apps/v1', 'Deployment', 'shop'),
      deploymentManifest('web', { namespace: 'shop', replicas: 2 }),
    );
    sandbox.api.create(sandbox.api.scope('v1', 'ConfigMap', 'shop'), {
      metadata: { name: 'settings', labels: { app: 'web' } },
      data: { color: 'blue' },
    });
    sandbox.api.create(sandbox.api.scope('v1', 'Service', 'shop'), {
      metadata: { name: 'web' },
      spec: { selector: { app: 'web' }, ports: [{ port: 80 }] },
    });
    await waitFor(() => sandbox.api.store.list('/pods', 'shop').length === 2);
  });

  afterAll(async () => {
    await sandbox.stop();
  });

  it('validates the default location against the object store', async () => {
    await waitFor(
      () => phase('backupstoragelocations', 'default') === 'Available',
    );
    sandbox.api.create(velero('BackupStorageLocation'), {
      metadata: { name: 'nowhere' },
      spec: {
        provider: 'aws',
        objectStorage: { bucket: 'missing-bucket' },
        config: {
          region: 'minio',
          s3ForcePathStyle: 'true',
          s3Url: sandbox.velero!.endpoint,
        },
      },
    });
    await waitFor(
      () => phase('backupstoragelocations', 'nowhere') === 'Unavailable',
    );
    const location = sandbox.api.get(
      velero('BackupStorageLocation'),
      'nowhere',
    );
    expect(location.status.message).toMatch(
      /^BackupStorageLocation "nowhere" is unavailable: /,
    );
  });

  it('backs a namespace up into the store as Velero lays it out', async () => {
    sandbox.api.create(velero('Backup'), {
      metadata: { name: 'shop-1' },
      spec: { includedNamespaces: ['shop'], ttl: '24h0m0s' },
    });
    await waitFor(() => phase('backups', 'shop-1') === 'Completed');
    const backup = sandbox.api.get(velero('Backup'), 'shop-1');
    expect(backup.metadata.labels?.['velero.io/storage-location']).toBe(
      'default',
    );
    expect(backup.status).toMatchObject({
      version: 1,
      formatVersion: '1.1.0',
      startTimestamp: expect.any(String),
      completionTimestamp: expect.any(String),
      expiration: expect.any(String),
    });
    expect(backup.status.progress.itemsBackedUp).toBe(
      backup.status.progress.totalItems,
    );
    expect(await storedKeys(sandbox, 'backups/shop-1/')).toEqual([
      'backups/shop-1/shop-1-logs.gz',
      'backups/shop-1/shop-1-resource-list.json.gz',
      'backups/shop-1/shop-1.tar.gz',
      'backups/shop-1/velero-backup.json',
    ]);
  });

  it('restores into another namespace with namespaceMapping, and the pods come back', async () => {
    sandbox.api.create(velero('Restore'), {
      metadata: { name: 'shop-copy' },
      spec: { backupName: 'shop-1', namespaceMapping: { shop: 'shop-copy' } },
    });
    await waitFor(() => phase('restores', 'shop-copy') === 'Completed');
    const restore = sandbox.api.get(velero('Restore'), 'shop-copy');
    expect(restore.status.progress.itemsRestored).toBe(
      restore.status.progress.totalItems,
    );
    const settings = sandbox.api.get(
      sandbox.api.scope('v1', 'ConfigMap', 'shop-copy'),
      'settings',
    );
    expect(settings.data).toEqual({ color: 'blue' });
    expect(settings.metadata.labels).toMatchObject({
      'velero.io/backup-name': 'shop-1',
      'velero.io/restore-name': 'shop-copy',
    });
    const service = sandbox.api.get(
      sandbox.api.scope('v1', 'Service', 'shop-copy'),
      'web',
    );
    const original = sandbox.api.get(
      sandbox.api.scope('v1', 'Service', 'shop'),
      'web',
    );
    expect(service.spec.clusterIP).not.toBe(original.spec.clusterIP);
    await waitFor(
      () =>
        sandbox.api.get(
          sandbox.api.scope('apps/v1', 'Deployment', 'shop-copy'),
          'web',
        ).status?.readyReplicas === 2,
    );
  });

  it('keeps existing objects unless told to update them', async () => {
    sandbox.api.patch(
      sandbox.api.scope('v1', 'ConfigMap', 'shop-copy'),
      'settings',
      'merge',
      { data: { color: 'red' } },
    );
    sandbox.api.create(velero('Restore'), {
      metadata: { name: 'again' },
      spec: { backupName: 'shop-1', namespaceMapping: { shop: 'shop-copy' } },
    });
    await waitFor(() => phase('restores', 'again') === 'Completed');
    expect(
      sandbox.api.get(velero('Restore'), 'again').status.warnings,
    ).toBeGreaterThan(0);
    expect(
      sandbox.api.get(
        sandbox.api.scope('v1', 'ConfigMap', 'shop-copy'),
        'settings',
      ).data,
    ).toEqual({ color: 'red' });
    sandbox.api.create(velero('Restore'), {
      metadata: { name: 'update' },
      spec: {
        backupName: 'shop-1',
        namespaceMapping: { shop: 'shop-copy' },
        existingResourcePolicy: 'update',
      },
    });
    await waitFor(() => phase('restores', 'update') === 'Completed');
    expect(
      sandbox.api.get(
        sandbox.api.scope('v1', 'ConfigMap', 'shop-copy'),
        'settings',
      ).data,
    ).toEqual({ color: 'blue' });
  });

  it('fails validation for a missing backup', async () => {
    sandbox.api.create(velero('Restore'), {
      metadata: { name: 'orphan' },
      spec: { backupName: 'nope' },
    });
    await waitFor(() => phase('restores', 'orphan') === 'FailedValidation');
    expect(
      sandbox.api.get(velero('Restore'), 'orphan').status.validationErrors,
    ).toEqual(['Error retrieving backup: backups.velero.io "nope" not found']);
  });

  it('deletes a backup and its data with a DeleteBackupRequest', async () => {
    sandbox.api.create(velero('DeleteBackupRequest'), {
      metadata: { name: 'drop-shop-1' },
      spec: { backupName: 'shop-1' },
    });
    await waitFor(
      () => phase('deletebackuprequests', 'drop-shop-1') === 'Processed',
    );
    expect(
      sandbox.api.store.get('velero.io/backups', 'velero', 'shop-1'),
    ).toBeUndefined();
    expect(await storedKeys(sandbox, 'backups/shop-1/')).toEqual([]);
    expect(
      sandbox.api.get(velero('DeleteBackupRequest'), 'drop-shop-1').metadata
        .labels,
    ).toMatchObject({
      'velero.io/backup-name': 'shop-1',
    });
  });
});
