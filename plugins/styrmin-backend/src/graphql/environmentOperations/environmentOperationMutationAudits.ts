import type { MutationAudit } from '../mutationAudits';
import { EnvironmentOperation } from '../../environmentOperations/EnvironmentOperation';

/** What an environment operation's answer names: its parent task and its environment. */
function environmentOperationOutcome(operation: EnvironmentOperation) {
  return {
    environmentId: operation.environment.id,
    taskId: operation.task.id,
  };
}

/**
 * The audits of the mutations of environment operations, which `MUTATION_AUDITS`
 * includes. An upgrade is `medium`, as a deployment's upgrade is: each of its deployments
 * gets an instance of the version it moves to.
 *
 * @internal
 */
export const ENVIRONMENT_OPERATION_MUTATION_AUDITS: Record<
  string,
  MutationAudit
> = {
  upgradeEnvironment: {
    eventId: 'environment-upgrade',
    severityLevel: 'medium',
    subjects: input => ({
      environmentId: input.environment,
      versions: (input.versions ?? []).map(
        (v: { deployment: string; driverVersion: string }) => ({
          deploymentId: v.deployment,
          driverVersion: v.driverVersion,
        }),
      ),
      backupFirst: input.backupFirst ?? false,
      allowDowngrade: input.allowDowngrade ?? false,
    }),
    outcome: environmentOperationOutcome,
  },
};
