import {
  DeploymentChangeResult,
  deploymentChangeFragment,
} from './recordFields';
import { StyrminOperation } from './StyrminOperation';
import { UpgradeDeploymentInput as GeneratedUpgradeDeploymentInput } from './generated/operationTypes';

/**
 * What `StyrminClient.upgradeDeployment()` takes.
 *
 * @public
 */
export type UpgradeDeploymentInput = GeneratedUpgradeDeploymentInput;

/** The `upgradeDeployment` mutation. */
export const upgradeDeploymentOperation: StyrminOperation<
  { upgradeDeployment: DeploymentChangeResult },
  DeploymentChangeResult
> = {
  operationName: 'UpgradeDeployment',
  document: /* GraphQL */ `
    mutation UpgradeDeployment($input: UpgradeDeploymentInput!) {
      upgradeDeployment(input: $input) {
        ...DeploymentChangeFields
      }
    }
    ${deploymentChangeFragment}
  `,
  result: data => data.upgradeDeployment,
};
