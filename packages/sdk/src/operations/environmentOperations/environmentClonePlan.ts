import { StyrminOperation } from '../StyrminOperation';
import { environmentBackupFragment } from '../environmentBackups/environmentBackupFields';
import { EnvironmentClonePlanQuery } from '../generated/operationTypes';

/**
 * What an environment clone would create: the source, the new environment's name and
 * cluster, the environment backup it clones from (null: it takes one first), one planned
 * deployment per deployment it copies (name, driver and application version), and the
 * problems that refuse it (empty when it can start).
 *
 * @public
 */
export type EnvironmentClonePlan =
  EnvironmentClonePlanQuery['environmentClonePlan'];

/** Reads `environmentClonePlan`, which writes nothing. */
export const environmentClonePlanOperation: StyrminOperation<
  EnvironmentClonePlanQuery,
  EnvironmentClonePlan
> = {
  operationName: 'EnvironmentClonePlan',
  document: /* GraphQL */ `
    query EnvironmentClonePlan($input: CloneEnvironmentInput!) {
      environmentClonePlan(input: $input) {
        source {
          id
          name
        }
        name
        cluster {
          id
          name
        }
        environmentBackup {
          ...EnvironmentBackupFields
        }
        deployments {
          name
          driverName
          driverVersion
          appVersion
        }
        problems
      }
    }
    ${environmentBackupFragment}
  `,
  result: data => data.environmentClonePlan,
};
