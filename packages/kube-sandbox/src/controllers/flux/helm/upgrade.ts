import { ReleaseAction, requireNamespace } from './ReleaseAction';

/**
 * helm-controller's upgrade: a new release over a deployed one. CRDs are left as they are
 * unless `upgrade.crds` says `Create` or `CreateReplace`.
 */
export const upgrade: ReleaseAction = {
  name: 'upgrade',
  succeededReason: 'UpgradeSucceeded',
  failedReason: 'UpgradeFailed',
  failuresField: 'upgradeFailures',
  includesCrds: release => (release.spec.upgrade?.crds ?? 'Skip') !== 'Skip',
  prepareNamespace(api, _release, target) {
    requireNamespace(api, target);
  },
};
