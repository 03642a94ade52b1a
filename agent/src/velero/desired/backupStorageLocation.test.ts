import { AgentBackupStorageLocation } from '@styrmin/plugin-styrmin-common';
import { desiredBackupStorageLocation } from './backupStorageLocation';

const LOCATION: AgentBackupStorageLocation = {
  id: 'b5f0c0de-0000-4000-8000-000000000001',
  name: 'minio',
  provider: 'S3',
  bucket: 'backups',
  prefix: 'styrmin',
  region: 'eu-north-1',
  endpointUrl: 'http://minio.storage:9000',
  pathStyle: true,
  credentials: { secretName: 'minio-credentials', key: 'cloud' },
  configured: true,
};

describe('desiredBackupStorageLocation', () => {
  it("is an S3-compatible store through Velero's AWS plugin, with the admin's Secret, labelled as Styrmin's", () => {
    expect(desiredBackupStorageLocation(LOCATION, 'velero')).toEqual({
      apiVersion: 'velero.io/v1',
      kind: 'BackupStorageLocation',
      metadata: {
        name: 'minio',
        namespace: 'velero',
        labels: {
          'app.kubernetes.io/managed-by': 'styrmin',
          'styrmin.io/backup-storage-location-id': LOCATION.id,
        },
      },
      spec: {
        provider: 'aws',
        objectStorage: { bucket: 'backups', prefix: 'styrmin' },
        config: {
          region: 'eu-north-1',
          s3Url: 'http://minio.storage:9000',
          checksumAlgorithm: '',
          s3ForcePathStyle: 'true',
        },
        credential: { name: 'minio-credentials', key: 'cloud' },
        accessMode: 'ReadWrite',
        default: false,
      },
    });
  });

  it('states for AWS itself only the region: no endpoint, no path style, no prefix', () => {
    expect(
      desiredBackupStorageLocation(
        {
          ...LOCATION,
          prefix: null,
          endpointUrl: null,
          pathStyle: false,
        },
        'backups',
      ),
    ).toMatchObject({
      metadata: { namespace: 'backups' },
      spec: {
        objectStorage: { bucket: 'backups' },
        config: { region: 'eu-north-1' },
      },
    });
    expect(
      desiredBackupStorageLocation(
        { ...LOCATION, prefix: null, endpointUrl: null, pathStyle: false },
        'backups',
      )!.spec.objectStorage,
    ).toEqual({ bucket: 'backups' });
  });

  it.each([
    ['no bucket', { bucket: null, configured: false }],
    ['no credentials', { credentials: null, configured: false }],
    ['not configured', { configured: false }],
  ])('is nothing for a location with %s', (_, change) => {
    expect(
      desiredBackupStorageLocation({ ...LOCATION, ...change }, 'velero'),
    ).toBeUndefined();
  });
});
