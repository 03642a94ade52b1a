import { NotFoundError } from '@backstage/errors';
import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { inTransaction } from '../../database/inTransaction';
import { Backup } from '../BackupStore';
import { DeploymentBackupsDeps } from '../DeploymentBackupsDeps';
import { deleteBackupIntent } from './backupTaskIntents';
import { lockedDeploymentRecords } from './deploymentRecords';

/** @internal */
export type DeleteBackupOptions = {
  backupId: string;
  createdBy: string;
  /** The caller's transaction (an environment backup's deletion); one of its own when absent. */
  tx?: Knex.Transaction;
};

/**
 * Deletes a backup, by hand or at its expiry: records a delete_backup task (a Velero
 * DeleteBackupRequest) through the remediator and names it on the backup, in one
 * transaction; the record goes when the task succeeds (`BackupRunFollower`). A tombstone's
 * backups may be deleted too. A backup whose deletion is recorded already is answered as
 * it is, writing nothing; one whose create_backup task has not ended is CONFLICT; an
 * unknown one NOT_FOUND.
 *
 * @internal
 */
export async function deleteBackup(
  deps: DeploymentBackupsDeps,
  options: DeleteBackupOptions,
): Promise<Backup> {
  const { backupId, createdBy } = options;
  return inTransaction(options.tx ?? deps.knex, async tx => {
    const found = await deps.backups.getBackup({ tx, id: backupId });
    if (!found) {
      throw new NotFoundError(`Backup ${backupId} does not exist`);
    }
    const { cluster } = await lockedDeploymentRecords(deps, {
      tx,
      deploymentId: found.deploymentId,
    });
    const backup = await deps.backups.getBackup({ tx, id: backupId });
    if (!backup) {
      throw new NotFoundError(`Backup ${backupId} does not exist`);
    }
    if (backup.deleteTaskId) {
      return backup;
    }
    const creation = await deps.tasks.getTask({ tx, taskId: backup.taskId });
    if (creation?.status === 'SCHEDULED' || creation?.status === 'RUNNING') {
      throw new StyrminError(
        'CONFLICT',
        `Backup ${backup.veleroBackupName} has not ended: delete it when its create_backup task has`,
      );
    }
    const { task } = await deps.remediator.recordTask({
      tx,
      cluster,
      deploymentId: backup.deploymentId,
      task: deleteBackupIntent({
        backupId: backup.id,
        veleroBackupName: backup.veleroBackupName,
      }),
      createdBy,
    });
    return deps.backups.setDeleteTask({
      tx,
      id: backup.id,
      deleteTaskId: task.id,
    });
  });
}
