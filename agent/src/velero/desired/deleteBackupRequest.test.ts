import { desiredDeleteBackupRequest } from './deleteBackupRequest';

describe('desiredDeleteBackupRequest', () => {
  it("is named after the backup and labelled with it, as Velero's own requests are", () => {
    expect(
      desiredDeleteBackupRequest({
        backupName: 'shop-b1',
        veleroNamespace: 'velero',
        labels: { 'styrmin.io/backup-id': 'b1' },
      }),
    ).toEqual({
      apiVersion: 'velero.io/v1',
      kind: 'DeleteBackupRequest',
      metadata: {
        name: 'shop-b1',
        namespace: 'velero',
        labels: {
          'styrmin.io/backup-id': 'b1',
          'app.kubernetes.io/managed-by': 'styrmin',
          'velero.io/backup-name': 'shop-b1',
        },
      },
      spec: { backupName: 'shop-b1' },
    });
  });
});
