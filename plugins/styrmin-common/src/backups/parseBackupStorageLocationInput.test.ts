import { parseBackupStorageLocationInput } from './parseBackupStorageLocationInput';

describe('parseBackupStorageLocationInput', () => {
  it('answers the name and the store, credentials by reference, unset fields left out', () => {
    expect(
      parseBackupStorageLocationInput({
        name: 'sandbox',
        bucket: 'velero',
        region: 'minio',
        endpointUrl: 'http://127.0.0.1:9000',
        pathStyle: true,
        prefix: null,
        credentialsSecret: { name: 'cloud-credentials', key: 'cloud' },
      }),
    ).toEqual({
      success: true,
      value: {
        name: 'sandbox',
        store: {
          provider: 'S3',
          bucket: 'velero',
          region: 'minio',
          endpointUrl: 'http://127.0.0.1:9000',
          pathStyle: true,
          credentials: { secretName: 'cloud-credentials', key: 'cloud' },
        },
      },
    });
    expect(parseBackupStorageLocationInput({ name: 'later' })).toEqual({
      success: true,
      value: { name: 'later', store: { provider: 'S3', pathStyle: false } },
    });
  });

  it('names every problem under its field', () => {
    const result = parseBackupStorageLocationInput({
      name: 'Not A Name',
      bucket: 'B',
      endpointUrl: 'ftp://store',
      prefix: '/backups/',
      credentialsSecret: { name: 'cloud', key: 'a b' },
    });
    expect(result.success).toBe(false);
    expect(!result.success && result.problems.map(p => p.field)).toEqual([
      'name',
      'bucket',
      'prefix',
      'endpointUrl',
      'credentialsSecret.key',
    ]);
  });
});
