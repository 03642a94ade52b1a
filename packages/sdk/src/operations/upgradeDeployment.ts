import {
  DeploymentChangeResult,
  deploymentChangeFragment,
} from './recordFields';
import { StyrminOperation } from './StyrminOperation';
import { UpgradeDeploymentInput as GeneratedUpgradeDeploymentInput } from './generated/operationTypes';

/**
 * What `StyrminClient.upgradeDeployment()` takes: the driver version to move to
 * (`allowDowngrade: true` for an older one), a merge patch of the configuration (a retired
 * parameter set to `null` is dropped instead of carried over to what replaces it), and the
 * answers to the prompts of the new version's upgrade actions.
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
