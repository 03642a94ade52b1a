import { EnvironmentOperation } from '../../environmentOperations/EnvironmentOperation';
import type { MutationAudit } from '../mutationAudits';

/**
 * The audits of environment restores and clones, which `MUTATION_AUDITS` includes. Both
 * are `high`: a restore replaces the volumes of every deployment it restores, a clone makes
 * an environment and copies the source's data into it. The input's overrides are not
 * named (settings), only that there are some.
 *
 * @internal
 */
export const ENVIRONMENT_RESTORE_MUTATION_AUDITS: Record<
  string,
  MutationAudit
> = {
  restoreEnvironment: {
    eventId: 'environment-restore',
    severityLevel: 'high',
    subjects: input => ({ environmentBackupId: input.environmentBackup }),
    outcome: (operation: EnvironmentOperation) => ({
      environmentId: operation.environment.id,
      taskId: operation.task.id,
    }),
  },
  cloneEnvironment: {
    eventId: 'environment-clone',
    severityLevel: 'high',
    subjects: input => ({
      environmentId: input.source,
      cloneName: input.name,
      clusterId: input.cluster ?? null,
      environmentBackupId: input.environmentBackup ?? null,
      overridden: input.overrides !== undefined && input.overrides !== null,
    }),
    outcome: (operation: EnvironmentOperation) => ({
      cloneEnvironmentId: operation.environment.id,
      taskId: operation.task.id,
    }),
  },
};
