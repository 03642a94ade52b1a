import { desiredRestore } from './restore';

describe('desiredRestore', () => {
  const inputs = {
    name: 'shop-r1',
    veleroNamespace: 'velero',
    backupName: 'shop-b1',
    sourceNamespace: 'styrmin-d1',
    namespace: 'styrmin-d1',
    labels: { 'styrmin.io/restore-id': 'r1' },
  };

  it('restores the backup in place, updating the objects that exist, without the Jobs of actions', () => {
    expect(desiredRestore(inputs)).toEqual({
      apiVersion: 'velero.io/v1',
      kind: 'Restore',
      metadata: {
        name: 'shop-r1',
        namespace: 'velero',
        labels: {
          'styrmin.io/restore-id': 'r1',
          'app.kubernetes.io/managed-by': 'styrmin',
        },
      },
      spec: {
        backupName: 'shop-b1',
        includedNamespaces: ['styrmin-d1'],
        existingResourcePolicy: 'update',
        labelSelector: {
          matchExpressions: [
            { key: 'styrmin.io/action-job', operator: 'DoesNotExist' },
          ],
        },
        restorePVs: true,
      },
    });
  });

  it("maps the backup's namespace onto the deployment's when they differ, keeping the objects that exist there", () => {
    expect(
      desiredRestore({ ...inputs, namespace: 'styrmin-d2' }).spec,
    ).toMatchObject({
      includedNamespaces: ['styrmin-d1'],
      namespaceMapping: { 'styrmin-d1': 'styrmin-d2' },
      existingResourcePolicy: 'none',
    });
  });
});
