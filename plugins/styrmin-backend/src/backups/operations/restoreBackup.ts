import { NotFoundError } from '@backstage/errors';
import {
  FlowRunState,
  restoreRefusal,
  StyrminError,
  veleroRestoreName,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { inTransaction } from '../../database/inTransaction';
import { TaskStartedBy } from '../../remediator/Remediator';
import { DeploymentBackupsDeps } from '../DeploymentBackupsDeps';
import { Restore } from '../RestoreStore';
import { restoreBackupIntent } from './backupTaskIntents';
import { lockedDeploymentRecords } from './deploymentRecords';

/** @internal */
export type RestoreBackupOptions = {
  backupId: string;
  createdBy: string;
  /** The caller's transaction; one of its own when absent. */
  tx?: Knex.Transaction;
  /** For a restore that a step of another task starts: its task's start key, and the step. */
  startedBy?: TaskStartedBy;
  /**
   * The task whose step starts the restore (a rollback with data's last step): open while
   * the step waits, it does not make the deployment busy.
   */
  startingTaskId?: string;
};

/** The states of a task that has not ended. */
const OPEN: FlowRunState[] = ['SCHEDULED', 'RUNNING'];

/**
 * Restores a backup in place, into the deployment it was taken of: records the restore and
 * its restore_backup task through the remediator, which moves the deployment to RESTORING
 * (until the task ends), in one transaction; the active instance stays. The refusals are
 * `restoreRefusal`'s, tried before anything is written (a tombstone, a backup that is not
 * Completed or has expired, a deployment with a task that has not ended), and a backup
 * whose deletion is recorded is CONFLICT too; an unknown backup is NOT_FOUND.
 *
 * @internal
 */
export function restoreBackup(
  deps: DeploymentBackupsDeps,
  options: RestoreBackupOptions,
): Promise<Restore> {
  return recordRestore(deps, options);
}

/**
 * A restore into `targetDeploymentId` when given (a cross-target restore, which only an
 * environment clone asks for: see `crossTargetRestore`), else in place.
 *
 * @internal
 */
export async function recordRestore(
  deps: DeploymentBackupsDeps,
  options: RestoreBackupOptions & { targetDeploymentId?: string },
): Promise<Restore> {
  const { backupId, createdBy, targetDeploymentId } = options;
  return inTransaction(options.tx ?? deps.knex, async tx => {
    const found = await deps.backups.getBackup({ tx, id: backupId });
    if (!found) {
      throw new NotFoundError(`Backup ${backupId} does not exist`);
    }
    const { deployment, cluster } = await lockedDeploymentRecords(deps, {
      tx,
      deploymentId: targetDeploymentId ?? found.deploymentId,
    });
    // Read again under the lock: a deletion may have been recorded meanwhile.
    const backup =
      (await deps.backups.getBackup({ tx, id: backupId })) ?? found;
    const open = await deps.tasks.listTasks({
      tx,
      deploymentId: deployment.id,
      statuses: OPEN,
    });
    const refusal = restoreRefusal({
      backup: {
        deploymentId: backup.deploymentId,
        phase: backup.status.phase,
        expiresAt: backup.status.expiresAt,
      },
      target: deployment,
      forClone: targetDeploymentId !== undefined,
      targetBusy: open.some(t => t.id !== options.startingTaskId),
      now: deps.clock.now(),
    });
    if (refusal) {
      throw new StyrminError(refusal.code, refusal.message);
    }
    if (backup.deleteTaskId) {
      throw new StyrminError(
        'CONFLICT',
        `Backup ${backup.veleroBackupName} is being deleted: it cannot be restored`,
      );
    }
    const [active] = await deps.instances.getActiveInstances({
      tx,
      deploymentIds: [deployment.id],
    });
    const driver =
      active && (await deps.drivers.getDriverVersion({ tx, ...active.driver }));
    if (!driver) {
      throw new StyrminError(
        'CONFLICT',
        `Deployment ${deployment.name} has no active instance to restore into`,
      );
    }
    const id = randomUUID();
    const { task } = await deps.remediator.recordTask({
      tx,
      cluster,
      deploymentId: deployment.id,
      task: restoreBackupIntent({
        deploymentId: deployment.id,
        sourceDeploymentId: backup.deploymentId,
        restoreId: id,
        backupId: backup.id,
        veleroBackupName: backup.veleroBackupName,
        veleroRestoreName: veleroRestoreName({
          deploymentName: deployment.name,
          restoreId: id,
        }),
        components: Object.keys(driver.spec.spec.components),
      }),
      state: 'RESTORING',
      createdBy,
      startedBy: options.startedBy,
    });
    return deps.restores.createRestore({
      tx,
      id,
      backup,
      deploymentId: deployment.id,
      deploymentName: deployment.name,
      taskId: task.id,
      createdBy,
    });
  });
}
