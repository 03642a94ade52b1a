import {
  computeEnvironmentBackupStatus,
  EnvironmentBackupStatus,
} from '@styrmin/plugin-styrmin-common';
import { Backup } from '../backups/BackupStore';
import {
  CapturedDeployment,
  EnvironmentBackup,
} from './EnvironmentBackupStore';

/**
 * One deployment an environment backup captured, with its constituent backup while that
 * is left (absent once deleted or expired).
 *
 * @internal
 */
export type EnvironmentBackupConstituent = {
  deployment: CapturedDeployment;
  backup?: Backup;
};

/**
 * An environment backup as users view it: its constituents as they are now, and the status
 * computed from them.
 *
 * @internal
 */
export type EnvironmentBackupView = {
  environmentBackup: EnvironmentBackup;
  constituents: EnvironmentBackupConstituent[];
  status: EnvironmentBackupStatus;
};

/**
 * Views environment backups from the backups that are left of them (any backups: those
 * that are not their constituents are ignored). A constituent whose deletion is recorded
 * counts as gone.
 *
 * @internal
 */
export function viewEnvironmentBackup(
  environmentBackup: EnvironmentBackup,
  backups: ReadonlyMap<string, Backup>,
): EnvironmentBackupView {
  const constituents = environmentBackup.deployments.map(deployment => ({
    deployment,
    backup: backups.get(deployment.backupId),
  }));
  return {
    environmentBackup,
    constituents,
    status: computeEnvironmentBackupStatus(
      constituents.map(({ backup }) =>
        backup
          ? { phase: backup.status.phase, deleting: !!backup.deleteTaskId }
          : undefined,
      ),
    ),
  };
}
