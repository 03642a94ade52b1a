import { ReleaseAction, requireNamespace } from './ReleaseAction';
import { MANAGER } from './ownership';

/**
 * helm-controller's install: the first release, or the next after a failed install. It may
 * create the target namespace (`install.createNamespace`) and applies the chart's CRDs unless
 * `install.crds` is `Skip`.
 */
export const install: ReleaseAction = {
  name: 'install',
  succeededReason: 'InstallSucceeded',
  failedReason: 'InstallFailed',
  failuresField: 'installFailures',
  includesCrds: release => (release.spec.install?.crds ?? 'Create') !== 'Skip',
  prepareNamespace(api, release, target) {
    if (
      !api.store.get('/namespaces', '', target) &&
      release.spec.install?.createNamespace
    ) {
      api.create(
        api.scope('v1', 'Namespace'),
        { metadata: { name: target } },
        { fieldManager: MANAGER },
      );
    }
    requireNamespace(api, target);
  },
};
