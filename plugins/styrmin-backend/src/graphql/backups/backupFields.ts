import {
  computeTaskResult,
  restoreRefusal,
  RestoreRefusal,
  styrminBslReadPermission,
  veleroTtl,
} from '@styrmin/plugin-styrmin-common';
import { Backup } from '../../backups/BackupStore';
import { Clock } from '../../database/Clock';
import { isoDateFields, notStored, withPermission } from '../fieldResolvers';
import { StyrminGraphQLContext, StyrminResolvers } from '../types';

/**
 * The fields of the `Backup` and `Restore` types. A backup's steps are its task's; whether
 * it can be restored now is `restoreRefusal`'s answer for its deployment as it is.
 *
 * @internal
 */
export function createBackupFields(options: {
  clock: Clock;
}): StyrminResolvers {
  const { clock } = options;
  const refusalOf = (backup: Backup, context: StyrminGraphQLContext) =>
    restoreRefusalNow(backup, context, clock);
  return {
    Backup: {
      ...isoDateFields('createdAt', 'scheduledFor'),
      deployment: async (backup, _args, context) =>
        (await context.loaders.deployment.load(backup.deploymentId)) ??
        notStored(`Deployment ${backup.deploymentId}`),
      instance: async (backup, _args, context) =>
        (await context.loaders.instance.load(backup.instanceId)) ??
        notStored(`Instance ${backup.instanceId}`),
      storageLocation: withPermission(
        styrminBslReadPermission,
        async (backup, _args, context) =>
          (await context.loaders.backups.location.load(
            backup.backupStorageLocationId,
          )) ??
          notStored(
            `Backup storage location ${backup.backupStorageLocationId}`,
          ),
      ),
      veleroName: backup => backup.veleroBackupName,
      ttl: backup => veleroTtl(backup.ttlSeconds),
      phase: backup => backup.status.phase,
      itemsBackedUp: backup => backup.status.itemsDone,
      totalItems: backup => backup.status.totalItems,
      sizeBytes: backup => backup.status.sizeBytes,
      errors: backup => backup.status.errorCount,
      warnings: backup => backup.status.warningCount,
      failureReason: backup => backup.status.failureReason,
      startedAt: backup => backup.status.startedAt?.toISOString(),
      completedAt: backup => backup.status.completedAt?.toISOString(),
      expiresAt: backup => backup.status.expiresAt?.toISOString(),
      task: (backup, _args, context) =>
        context.loaders.task.load(backup.taskId),
      deletion: (backup, _args, context) =>
        backup.deleteTaskId
          ? context.loaders.task.load(backup.deleteTaskId)
          : null,
      restorable: async (backup, _args, context) =>
        (await refusalOf(backup, context)) === undefined,
      refusal: async (backup, _args, context) =>
        (await refusalOf(backup, context))?.message,
    },
    Restore: {
      ...isoDateFields('createdAt'),
      backup: (restore, _args, context) =>
        restore.backupId
          ? context.loaders.backups.backup.load(restore.backupId)
          : null,
      deployment: async (restore, _args, context) =>
        (await context.loaders.deployment.load(restore.deploymentId)) ??
        notStored(`Deployment ${restore.deploymentId}`),
      veleroName: restore => restore.veleroRestoreName,
      phase: restore => restore.status.phase,
      itemsRestored: restore => restore.status.itemsDone,
      totalItems: restore => restore.status.totalItems,
      errors: restore => restore.status.errorCount,
      warnings: restore => restore.status.warningCount,
      failureReason: restore => restore.status.failureReason,
      startedAt: restore => restore.status.startedAt?.toISOString(),
      completedAt: restore => restore.status.completedAt?.toISOString(),
      task: (restore, _args, context) =>
        context.loaders.task.load(restore.taskId),
    },
  };
}

/**
 * Why an in-place restore of the backup would be refused now, as `restoreBackup` decides
 * it: its deployment's state, its newest task's result (a task that runs makes it busy),
 * the backup's phase and expiry, a recorded deletion.
 */
async function restoreRefusalNow(
  backup: Backup,
  context: StyrminGraphQLContext,
  clock: Clock,
): Promise<RestoreRefusal | undefined> {
  const { loaders } = context;
  if (backup.deleteTaskId) {
    return { code: 'CONFLICT', message: 'The backup is being deleted' };
  }
  const [deployment, newest] = await Promise.all([
    loaders.deployment.load(backup.deploymentId),
    loaders.newestTask.load(backup.deploymentId),
  ]);
  if (!deployment) {
    return notStored(`Deployment ${backup.deploymentId}`);
  }
  const graph = newest && (await loaders.taskGraph.load(newest.id));
  return restoreRefusal({
    backup: {
      deploymentId: backup.deploymentId,
      phase: backup.status.phase,
      expiresAt: backup.status.expiresAt,
    },
    target: deployment,
    forClone: false,
    targetBusy: graph ? computeTaskResult(graph) === 'RUNNING' : false,
    now: clock.now(),
  });
}
