import { claimsOfBackup, NamespaceClaims } from './claimsOfBackup';
import { VeleroPodVolumeBackup } from './velero';

const claim = (name: string, uid: string) => ({ metadata: { name, uid } });

const pvb = (
  pod: string,
  volume: string,
  pvcUid: string,
): VeleroPodVolumeBackup => ({
  metadata: { name: `b-${pod}`, labels: { 'velero.io/pvc-uid': pvcUid } },
  spec: { pod: { namespace: 'styrmin-d1', name: pod }, volume },
});

const NAMESPACE: NamespaceClaims = {
  claims: [
    claim('data-shop-database-0', 'uid-now'),
    claim('uploads', 'uid-uploads'),
    claim('unrelated', 'uid-other'),
  ],
  statefulSets: [
    {
      metadata: { name: 'shop-database' },
      spec: {
        selector: {},
        serviceName: 'shop-database',
        template: {},
        volumeClaimTemplates: [{ metadata: { name: 'data' } }],
      },
    },
  ],
  deployments: [
    {
      metadata: { name: 'shop-server' },
      spec: {
        selector: {},
        template: {
          spec: {
            containers: [],
            volumes: [
              {
                name: 'files',
                persistentVolumeClaim: { claimName: 'uploads' },
              },
            ],
          },
        },
      },
    },
  ],
};

describe('claimsOfBackup', () => {
  it('is the claim of the uid a PodVolumeBackup copied, while it exists', () => {
    expect(
      claimsOfBackup([pvb('anything-0', 'x', 'uid-now')], NAMESPACE),
    ).toEqual(['data-shop-database-0']);
  });

  it("is the claim a StatefulSet's template gives the pod, once a restore made the claim again", () => {
    expect(
      claimsOfBackup([pvb('shop-database-0', 'data', 'uid-then')], NAMESPACE),
    ).toEqual(['data-shop-database-0']);
  });

  it("is the claim a Deployment's pod template mounts under the volume's name", () => {
    expect(
      claimsOfBackup(
        [pvb('shop-server-5d8f9c-x2k4q', 'files', 'uid-then')],
        NAMESPACE,
      ),
    ).toEqual(['uploads']);
  });

  it('leaves out claims that do not exist or that no PodVolumeBackup leads to, and names each once', () => {
    expect(
      claimsOfBackup(
        [
          pvb('shop-database-0', 'data', 'uid-now'),
          pvb('shop-database-0', 'data', 'uid-then'),
          pvb('shop-database-1', 'data', 'uid-gone'),
          pvb('other-0', 'data', 'uid-gone'),
        ],
        NAMESPACE,
      ),
    ).toEqual(['data-shop-database-0']);
  });

  it('does not take a StatefulSet for another whose name it begins with', () => {
    expect(
      claimsOfBackup([pvb('shop-database-extra-0', 'data', 'u')], NAMESPACE),
    ).toEqual([]);
  });
});
