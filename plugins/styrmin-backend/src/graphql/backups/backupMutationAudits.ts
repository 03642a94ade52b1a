import type { MutationAudit } from '../mutationAudits';

/** What a backup answer names. */
function backupOutcome(result: {
  id: string;
  deploymentId: string;
  taskId: string;
  deleteTaskId?: string;
}) {
  return {
    backupId: result.id,
    deploymentId: result.deploymentId,
    taskId: result.deleteTaskId ?? result.taskId,
  };
}

/** Whose schedule an input names. */
function scheduleOwner(input: Record<string, any>) {
  return {
    ...(input.deployment && { deploymentId: input.deployment }),
    ...(input.environment && { environmentId: input.environment }),
  };
}

/**
 * The audits of the mutations of backups and backup storage locations, which
 * `MUTATION_AUDITS` includes. Restores and deletions are `high`: they replace or remove
 * data.
 *
 * @internal
 */
export const BACKUP_MUTATION_AUDITS: Record<string, MutationAudit> = {
  createBackup: {
    eventId: 'backup-create',
    severityLevel: 'medium',
    subjects: input => ({
      deploymentId: input.deployment,
      ttl: input.ttl ?? null,
    }),
    outcome: backupOutcome,
  },
  deleteBackup: {
    eventId: 'backup-delete',
    severityLevel: 'high',
    subjects: input => ({ backupId: input.id }),
    outcome: backupOutcome,
  },
  restoreBackup: {
    eventId: 'backup-restore',
    severityLevel: 'high',
    subjects: input => ({ backupId: input.backup }),
    outcome: result => ({
      restoreId: result.id,
      deploymentId: result.deploymentId,
      taskId: result.taskId,
    }),
  },
  setBackupSchedule: {
    eventId: 'backup-schedule-set',
    severityLevel: 'medium',
    subjects: input => ({
      ...scheduleOwner(input),
      cron: input.cron,
      ttl: input.ttl ?? null,
      paused: input.paused ?? false,
    }),
  },
  removeBackupSchedule: {
    eventId: 'backup-schedule-remove',
    severityLevel: 'medium',
    subjects: scheduleOwner,
    outcome: removed => ({ removed }),
  },
  createBackupStorageLocation: {
    eventId: 'bsl-create',
    severityLevel: 'medium',
    subjects: input => ({ backupStorageLocationName: input.name }),
    outcome: result => ({ backupStorageLocationId: result.id }),
  },
  updateBackupStorageLocation: {
    eventId: 'bsl-update',
    severityLevel: 'medium',
    subjects: input => ({ backupStorageLocationId: input.id }),
    outcome: result => ({ version: result.version }),
  },
  deleteBackupStorageLocation: {
    eventId: 'bsl-delete',
    severityLevel: 'high',
    subjects: input => ({ backupStorageLocationId: input.id }),
  },
};
