import {
  CreateBackupParameters,
  DeleteBackupParameters,
  FlowRunState,
  isBackupFlow,
  RestoreBackupParameters,
  TERMINAL_VELERO_BACKUP_PHASES,
  TERMINAL_VELERO_RESTORE_PHASES,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { ChangeNotifier } from '../changes/ChangeNotifier';
import { Clock } from '../database/Clock';
import { FlowRun } from '../flows/FlowRunStore';
import { BackupStore } from './BackupStore';
import { RestoreStore } from './RestoreStore';

/**
 * Options of {@link BackupRunFollower.create}.
 *
 * @internal
 */
export type BackupRunFollowerOptions = {
  backups: BackupStore;
  restores: RestoreStore;
  changes: ChangeNotifier;
  clock: Clock;
};

/**
 * What the end of a backup flow's run does to its records, in the transaction that ends
 * the run (`DeploymentStateFollower.afterRunEnded` calls it):
 *
 * - DELETE_BACKUP SUCCEEDED: the Velero objects are gone, so the backup record goes (its
 *   restores stay, without it); FAILED or CRASHED: the backup forgets the task, so that it
 *   may be deleted again (by hand, or at the next expiry run).
 * - CREATE_BACKUP or RESTORE_BACKUP that FAILED or CRASHED before the agent reported the
 *   end of its Velero object: the record ends Failed with the run's reason, so that it
 *   does not look as if it were still running.
 *
 * @internal
 */
export class BackupRunFollower {
  readonly #options: BackupRunFollowerOptions;

  static create(options: BackupRunFollowerOptions): BackupRunFollower {
    return new BackupRunFollower(options);
  }

  private constructor(options: BackupRunFollowerOptions) {
    this.#options = options;
  }

  async afterRunEnded(options: {
    tx: Knex.Transaction;
    run: FlowRun;
    deploymentId: string;
    state: Extract<FlowRunState, 'SUCCEEDED' | 'FAILED' | 'CRASHED'>;
    reason?: string;
  }): Promise<void> {
    const { tx, run, deploymentId, state } = options;
    if (!isBackupFlow(run.flowName)) {
      return;
    }
    const { backups, restores, changes, clock } = this.#options;
    const failure = {
      observedAt: clock.now(),
      reason:
        options.reason ??
        `The run ${state === 'CRASHED' ? 'crashed' : 'failed'}`,
    };
    if (run.flowName === 'DELETE_BACKUP') {
      const { backupId } = DeleteBackupParameters.parse(run.parameters);
      if (state === 'SUCCEEDED') {
        await backups.deleteBackup({ tx, id: backupId });
      } else {
        await backups.setDeleteTask({ tx, id: backupId, deleteTaskId: null });
      }
    } else if (state !== 'SUCCEEDED' && run.flowName === 'CREATE_BACKUP') {
      const { backupId } = CreateBackupParameters.parse(run.parameters);
      const backup = await backups.getBackup({ tx, id: backupId });
      if (backup && !TERMINAL_VELERO_BACKUP_PHASES.has(backup.status.phase!)) {
        await backups.recordBackupStatus({
          tx,
          id: backupId,
          observedAt: failure.observedAt,
          status: {
            ...backup.status,
            phase: 'Failed',
            failureReason: failure.reason,
          },
        });
      }
    } else if (state !== 'SUCCEEDED') {
      const { restoreId } = RestoreBackupParameters.parse(run.parameters);
      const restore = await restores.getRestore({ tx, id: restoreId });
      if (
        restore &&
        !TERMINAL_VELERO_RESTORE_PHASES.has(restore.status.phase!)
      ) {
        await restores.recordRestoreStatus({
          tx,
          id: restoreId,
          observedAt: failure.observedAt,
          status: {
            ...restore.status,
            phase: 'Failed',
            failureReason: failure.reason,
          },
        });
      }
    }
    changes.notify({ tx, deploymentIds: [deploymentId] });
  }
}
