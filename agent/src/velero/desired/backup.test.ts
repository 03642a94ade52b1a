import { desiredBackup } from './backup';

const LABELS = {
  'styrmin.io/deployment-id': 'd1',
  'styrmin.io/instance-id': 'i1',
  'styrmin.io/backup-id': 'b1',
};

describe('desiredBackup', () => {
  it("backs up the deployment's namespace with its volumes' files, in the named location, for the TTL", () => {
    expect(
      desiredBackup({
        name: 'shop-b1',
        veleroNamespace: 'velero',
        namespace: 'styrmin-d1',
        storageLocation: 'minio',
        ttl: '720h0m0s',
        labels: LABELS,
      }),
    ).toEqual({
      apiVersion: 'velero.io/v1',
      kind: 'Backup',
      metadata: {
        name: 'shop-b1',
        namespace: 'velero',
        labels: { ...LABELS, 'app.kubernetes.io/managed-by': 'styrmin' },
      },
      spec: {
        includedNamespaces: ['styrmin-d1'],
        storageLocation: 'minio',
        ttl: '720h0m0s',
        defaultVolumesToFsBackup: true,
      },
    });
  });
});
