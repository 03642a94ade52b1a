import { DeploymentBackupsDeps } from '../DeploymentBackupsDeps';
import { Restore } from '../RestoreStore';
import { recordRestore, RestoreBackupOptions } from './restoreBackup';

/** @internal */
export type CrossTargetRestoreOptions = RestoreBackupOptions & {
  /** The deployment an environment clone created for the backup's deployment. */
  deploymentId: string;
};

/**
 * A cross-target restore: the backup of one deployment restored into another, the one an
 * environment clone created for it, in that deployment's own namespace (Velero's
 * `namespaceMapping` from the backup's namespace to the target's: the task's parameters
 * name both). The rules and records are those of the in-place restore (`restoreBackup`),
 * with `restoreRefusal`'s `forClone`. Only the clone's flow calls it: the per-deployment
 * restore takes no target.
 *
 * @internal
 */
export function crossTargetRestore(
  deps: DeploymentBackupsDeps,
  options: CrossTargetRestoreOptions,
): Promise<Restore> {
  const { deploymentId, ...restore } = options;
  return recordRestore(deps, { ...restore, targetDeploymentId: deploymentId });
}
