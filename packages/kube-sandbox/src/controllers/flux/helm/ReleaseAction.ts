import { SandboxApi } from '../../../api/SandboxApi';
import { KubeObject } from '../../../store/types';

/** A Helm action that makes a release (install or upgrade), with what differs between them. */
export interface ReleaseAction {
  readonly name: 'install' | 'upgrade';
  readonly succeededReason: 'InstallSucceeded' | 'UpgradeSucceeded';
  readonly failedReason: 'InstallFailed' | 'UpgradeFailed';
  /** The status field counting its failures since the last generation change. */
  readonly failuresField: 'installFailures' | 'upgradeFailures';
  /** Whether the chart's CRDs are applied (`spec.<action>.crds`). */
  includesCrds(release: KubeObject): boolean;
  /** Gets the target namespace ready for the objects, or throws as helm does. */
  prepareNamespace(api: SandboxApi, release: KubeObject, target: string): void;
}

/** Fails, as helm does, an action whose target namespace does not exist. */
export function requireNamespace(api: SandboxApi, target: string): void {
  if (!api.store.get('/namespaces', '', target)) {
    throw new Error(
      `create: failed to create: namespaces "${target}" not found`,
    );
  }
}
