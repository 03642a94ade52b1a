import {
  DeploymentChangeResult,
  deploymentChangeFragment,
} from './recordFields';
import { StyrminOperation } from './StyrminOperation';

/**
 * What `StyrminClient.upgradeDeployment()` takes.
 *
 * @public
 */
export interface UpgradeDeploymentInput {
  id: string;
  expectedVersion?: number;
  /** Another version of the deployment's driver. */
  driverVersion: string;
  /** A JSON merge patch of the configuration, such as a new app_version. */
  configuration?: Record<string, unknown>;
}

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
