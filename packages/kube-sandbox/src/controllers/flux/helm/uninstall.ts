import { SandboxApi } from '../../../api/SandboxApi';
import { RequestScope } from '../../../api/types';
import { KubeObject } from '../../../store/types';
import { clone } from '../../../util/json';
import { HELM_CHARTS } from '../fluxResources';
import { FINALIZER, MANAGER } from './ownership';
import { deleteEntries } from './releaseObjects';

/**
 * helm-controller's uninstall of a deleted HelmRelease: its objects (the inventory) and the
 * HelmChart it kept for `chart.spec` are deleted, then its finalizer is removed.
 */
export function uninstall(
  api: SandboxApi,
  scope: RequestScope,
  release: KubeObject,
): void {
  deleteEntries(api, release.status?.inventory?.entries ?? []);
  const [chartNamespace, chartName] = String(
    release.status?.helmChart ?? '',
  ).split('/');
  if (chartName && api.store.get(HELM_CHARTS, chartNamespace, chartName)) {
    api.delete(
      api.scope('source.toolkit.fluxcd.io/v1', 'HelmChart', chartNamespace),
      chartName,
    );
  }
  const next = clone(release);
  next.metadata.finalizers = next.metadata.finalizers?.filter(
    (f: string) => f !== FINALIZER,
  );
  api.update(scope, release.metadata.name!, next, {
    fieldManager: MANAGER,
  });
}
