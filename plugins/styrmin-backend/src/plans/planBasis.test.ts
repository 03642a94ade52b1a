import { PlanBasis, planBasisChanges, planFingerprint } from './planBasis';

const basis: PlanBasis = {
  environment: { name: 'dev', version: 1 },
  cluster: { name: 'local', version: 1 },
  driverVersion: {
    name: 'infrahub',
    version: '1.1.0',
    digest: `sha256:${'a'.repeat(64)}`,
  },
  deployment: { name: 'infrahub', version: 3, activeInstanceId: 'i1' },
  deployments: { other: 1 },
};

describe('planBasisChanges', () => {
  it('finds nothing in an equal basis, whose fingerprint is the same', () => {
    const copy = structuredClone(basis);
    expect(planBasisChanges(basis, copy)).toEqual([]);
    expect(planFingerprint(copy)).toBe(planFingerprint(basis));
  });

  it('names each record that changed, and the fingerprint changes with it', () => {
    const current: PlanBasis = {
      environment: { name: 'dev', version: 2 },
      cluster: { name: 'local', version: 4 },
      driverVersion: { ...basis.driverVersion, digest: 'sha256:bb' },
      deployment: { name: 'infrahub', version: 4, activeInstanceId: 'i2' },
      deployments: { third: 1 },
    };
    expect(planBasisChanges(basis, current)).toEqual([
      'the settings of environment dev changed (version 1, now 2)',
      'the settings of cluster local changed (version 1, now 4)',
      `driver version infrahub 1.1.0 changed (digest ${basis.driverVersion.digest}, now sha256:bb)`,
      'deployment infrahub changed (version 3, now 4)',
      'the active instance of deployment infrahub changed',
      'deployment other was deleted from the environment',
      'deployment third was created in the environment',
    ]);
    expect(planFingerprint(current)).not.toBe(planFingerprint(basis));
  });

  it('names a deployment deleted since its plan', () => {
    expect(
      planBasisChanges(basis, { ...basis, deployment: undefined }),
    ).toEqual(['deployment infrahub is deleted']);
  });

  it('changes the fingerprint with a sibling version alone', () => {
    expect(planFingerprint({ ...basis, deployments: { other: 2 } })).not.toBe(
      planFingerprint(basis),
    );
  });
});
