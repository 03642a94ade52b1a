import { StyrminOperation } from '../StyrminOperation';
import { environmentBackupFragment } from '../environmentBackups/environmentBackupFields';
import { EnvironmentRestorePlanQuery } from '../generated/operationTypes';

/**
 * What an environment restore would do: the environment backup, the constituents it would
 * restore in place (after putting each deployment's declared state back), and those it
 * could not, each with the deployment's name, the reason (`DEPLOYMENT_DELETED`,
 * `CONSTITUENT_GONE`, `CONSTITUENT_FAILED`, `DEPLOYMENT_BUSY`) and a message.
 *
 * @public
 */
export type EnvironmentRestorePlan =
  EnvironmentRestorePlanQuery['environmentRestorePlan'];

/** Reads `environmentRestorePlan`, which writes nothing. */
export const environmentRestorePlanOperation: StyrminOperation<
  EnvironmentRestorePlanQuery,
  EnvironmentRestorePlan
> = {
  operationName: 'EnvironmentRestorePlan',
  document: /* GraphQL */ `
    query EnvironmentRestorePlan($input: RestoreEnvironmentInput!) {
      environmentRestorePlan(input: $input) {
        environmentBackup {
          ...EnvironmentBackupFields
        }
        restores {
          deploymentName
          deployment {
            id
            name
          }
          driverName
          driverVersion
          appVersion
          backup {
            ...BackupFields
          }
        }
        unrestorable {
          deploymentName
          reason
          message
        }
      }
    }
    ${environmentBackupFragment}
  `,
  result: data => data.environmentRestorePlan,
};
