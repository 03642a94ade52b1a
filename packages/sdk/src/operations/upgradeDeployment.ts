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
  /**
   * Answers to the prompts of the upgrade hook's actions, by action name then prompt name;
   * a prompt left out gets its default. Kept for the agent only, never shown.
   */
  prompts?: Record<string, Record<string, unknown>>;
  /** Validate and answer what the change would do (diff, planned steps), storing nothing. */
  dryRun?: boolean;
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
