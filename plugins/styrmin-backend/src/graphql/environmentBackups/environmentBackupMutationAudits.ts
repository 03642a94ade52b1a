import type { MutationAudit } from '../mutationAudits';
import { EnvironmentBackupView } from '../../environmentOperations/environmentBackupStatus';

/** What an environment backup answer names: it, its environment, its constituents' tasks. */
function environmentBackupOutcome(view: EnvironmentBackupView) {
  return {
    environmentBackupId: view.environmentBackup.id,
    environmentId: view.environmentBackup.environmentId,
    backupIds: view.constituents.flatMap(c => (c.backup ? [c.backup.id] : [])),
    taskIds: view.constituents.flatMap(c =>
      c.backup ? [c.backup.deleteTaskId ?? c.backup.taskId] : [],
    ),
  };
}

/**
 * The audits of the mutations of environment backups, which `MUTATION_AUDITS` includes.
 * A deletion is `high`: it removes the data of every constituent.
 *
 * @internal
 */
export const ENVIRONMENT_BACKUP_MUTATION_AUDITS: Record<string, MutationAudit> =
  {
    createEnvironmentBackup: {
      eventId: 'environment-backup-create',
      severityLevel: 'medium',
      subjects: input => ({
        environmentId: input.environment,
        ttl: input.ttl ?? null,
      }),
      outcome: environmentBackupOutcome,
    },
    deleteEnvironmentBackup: {
      eventId: 'environment-backup-delete',
      severityLevel: 'high',
      subjects: input => ({ environmentBackupId: input.id }),
      outcome: environmentBackupOutcome,
    },
  };
