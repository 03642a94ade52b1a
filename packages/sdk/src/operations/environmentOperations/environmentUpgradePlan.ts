import { StyrminOperation } from '../StyrminOperation';
import { EnvironmentUpgradePlanQuery } from '../generated/operationTypes';

/**
 * What an environment upgrade would do, in the order it would do it: each planned upgrade
 * (position from 1, the deployment, from and to version, the deployments it runs after:
 * those it connects to), the deployments it leaves out with why, whether it backs up
 * first, and the problems that refuse it (empty when it can start).
 *
 * @public
 */
export type EnvironmentUpgradePlan =
  EnvironmentUpgradePlanQuery['environmentUpgradePlan'];

/** Reads `environmentUpgradePlan`, which writes nothing. */
export const environmentUpgradePlanOperation: StyrminOperation<
  EnvironmentUpgradePlanQuery,
  EnvironmentUpgradePlan
> = {
  operationName: 'EnvironmentUpgradePlan',
  document: /* GraphQL */ `
    query EnvironmentUpgradePlan($input: UpgradeEnvironmentInput!) {
      environmentUpgradePlan(input: $input) {
        environment {
          id
          name
        }
        upgrades {
          position
          deployment {
            id
            name
          }
          fromVersion
          toVersion
          after
        }
        skipped {
          deploymentName
          deployment {
            id
            name
          }
          reason
        }
        backupFirst
        problems
      }
    }
  `,
  result: data => data.environmentUpgradePlan,
};
