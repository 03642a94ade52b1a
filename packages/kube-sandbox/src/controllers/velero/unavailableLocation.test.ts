import { CoreV1Api, CustomObjectsApi } from '@kubernetes/client-node';
import { Sandbox, startSandbox } from '../../Sandbox';
import { KubeObject } from '../../store/types';
import { waitFor } from '../../testing/waitFor';

jest.setTimeout(60_000);

/** A store that refuses a location's credentials or has no such bucket, as the agent meets it. */
describe('Velero stand-in: a location the store refuses', () => {
  let sandbox: Sandbox;
  let custom: CustomObjectsApi;
  let core: CoreV1Api;

  const velero = (plural: string) => ({
    group: 'velero.io',
    version: 'v1',
    namespace: 'velero',
    plural,
  });
  const finished = (plural: string, name: string, ...wanted: string[]) =>
    waitFor(
      async () => {
        const object: KubeObject = await custom.getNamespacedCustomObject({
          ...velero(plural),
          name,
        });
        return wanted.includes(object.status?.phase) && object;
      },
      { what: `${plural}/${name} ${wanted.join(' or ')}` },
    );
  const credentials = (accessKeyId: string, secretAccessKey: string) => ({
    cloud: `[default]\naws_access_key_id=${accessKeyId}\naws_secret_access_key=${secretAccessKey}\n`,
  });
  const createLocation = async (
    name: string,
    secret: Record<string, string>,
    bucket = sandbox.velero!.bucket,
  ) => {
    await core.createNamespacedSecret({
      namespace: 'velero',
      body: { metadata: { name: `${name}-credentials` }, stringData: secret },
    });
    await custom.createNamespacedCustomObject({
      ...velero('backupstoragelocations'),
      body: {
        apiVersion: 'velero.io/v1',
        kind: 'BackupStorageLocation',
        metadata: { name },
        spec: {
          provider: 'aws',
          objectStorage: { bucket, prefix: name },
          credential: { name: `${name}-credentials`, key: 'cloud' },
          config: {
            region: 'minio',
            s3ForcePathStyle: 'true',
            s3Url: sandbox.velero!.endpoint,
          },
        },
      },
    });
  };
  const backUp = (name: string, location: string) =>
    custom.createNamespacedCustomObject({
      ...velero('backups'),
      body: {
        apiVersion: 'velero.io/v1',
        kind: 'Backup',
        metadata: { name },
        spec: {
          includedNamespaces: ['default'],
          storageLocation: location,
          defaultVolumesToFsBackup: true,
        },
      },
    });

  beforeAll(async () => {
    sandbox = await startSandbox({
      workloads: { startDelayMs: 5, readyDelayMs: 5 },
      flux: false,
    });
    custom = sandbox.kubeConfig.makeApiClient(CustomObjectsApi);
    core = sandbox.kubeConfig.makeApiClient(CoreV1Api);
  });

  afterAll(async () => {
    await sandbox?.stop();
  });

  it('shows a wrong secret key as Unavailable with the store reason, and fails backups against it', async () => {
    const { accessKeyId } = sandbox.velero!.credentials;
    await createLocation('wrong-secret', credentials(accessKeyId, 'not-it'));
    const location = await finished(
      'backupstoragelocations',
      'wrong-secret',
      'Unavailable',
    );
    expect(location.status.message).toBe(
      'BackupStorageLocation "wrong-secret" is unavailable: rpc error: code = Unknown desc = operation error S3: ListObjectsV2, https response error StatusCode: 403, api error SignatureDoesNotMatch: The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
    expect(location.status.lastValidationTime).toEqual(expect.any(String));

    await backUp('refused', 'wrong-secret');
    const backup = await finished('backups', 'refused', 'FailedValidation');
    expect(backup.status.validationErrors).toEqual([
      "backup can't be created because BackupStorageLocation wrong-secret is in Unavailable status.",
    ]);
  });

  it('names an unknown access key and a missing bucket', async () => {
    await createLocation('wrong-key', credentials('nobody', 'whatever'));
    await createLocation(
      'no-bucket',
      credentials(
        sandbox.velero!.credentials.accessKeyId,
        sandbox.velero!.credentials.secretAccessKey,
      ),
      'missing-bucket',
    );
    const [wrongKey, noBucket] = await Promise.all([
      finished('backupstoragelocations', 'wrong-key', 'Unavailable'),
      finished('backupstoragelocations', 'no-bucket', 'Unavailable'),
    ]);
    expect(wrongKey.status.message).toMatch(
      /StatusCode: 403, api error InvalidAccessKeyId: The AWS Access Key Id you provided does not exist in our records\.$/,
    );
    expect(noBucket.status.message).toMatch(
      /StatusCode: 404, api error NoSuchBucket: The specified bucket does not exist$/,
    );
  });

  it('fails a backup in words when the store refuses it after the location was validated', async () => {
    const { accessKeyId, secretAccessKey } = sandbox.velero!.credentials;
    await createLocation('rotated', credentials(accessKeyId, secretAccessKey));
    await finished('backupstoragelocations', 'rotated', 'Available');
    // The secret changes; the location is validated again only after validationFrequency.
    await core.replaceNamespacedSecret({
      name: 'rotated-credentials',
      namespace: 'velero',
      body: {
        metadata: { name: 'rotated-credentials' },
        stringData: credentials(accessKeyId, 'revoked'),
      },
    });
    await core.createNamespacedPersistentVolumeClaim({
      namespace: 'default',
      body: {
        metadata: { name: 'data' },
        spec: { resources: { requests: { storage: '1Gi' } } },
      },
    });
    await core.createNamespacedPod({
      namespace: 'default',
      body: {
        metadata: { name: 'app' },
        spec: {
          containers: [{ name: 'app', image: 'app:1' }],
          volumes: [
            { name: 'data', persistentVolumeClaim: { claimName: 'data' } },
          ],
        },
      },
    });
    await sandbox.volumes.write('default', 'data', 'rows', 'apple\n');
    await waitFor(
      () =>
        sandbox.api.store.get('/pods', 'default', 'app')?.status?.phase ===
        'Running',
    );
    await backUp('after-rotation', 'rotated');
    const backup = await finished('backups', 'after-rotation', 'Failed');
    const [volumeBackup] = sandbox.api.store
      .list('velero.io/podvolumebackups', 'velero')
      .filter(
        b => b.metadata.labels?.['velero.io/backup-name'] === 'after-rotation',
      );
    expect(volumeBackup.status).toMatchObject({
      phase: 'Failed',
      message:
        'error running kopia backup: rpc error: code = Unknown desc = operation error S3: PutObject, https response error StatusCode: 403, api error SignatureDoesNotMatch: The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      progress: { totalBytes: 6, bytesDone: 0 },
    });
    // The data path records its failure as Velero's does: a Normal event, then its end.
    const events = (
      await core.listNamespacedEvent({ namespace: 'velero' })
    ).items.filter(e => e.involvedObject.name === volumeBackup.metadata.name);
    expect(events.map(e => `${e.type} ${e.reason}`).sort()).toEqual([
      'Normal Data-Path-Failed',
      'Normal Data-Path-Started',
      'Normal Data-Path-Stopped',
    ]);
    expect(events.find(e => e.reason === 'Data-Path-Failed')!.message).toBe(
      `Data path for PVB ${volumeBackup.metadata.name} failed, error ${volumeBackup.status.message}`,
    );
    expect(backup.status.failureReason).toBe(
      'rpc error: code = Unknown desc = operation error S3: PutObject, https response error StatusCode: 403, api error SignatureDoesNotMatch: The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
    expect(backup.status.completionTimestamp).toEqual(expect.any(String));
  });
});
