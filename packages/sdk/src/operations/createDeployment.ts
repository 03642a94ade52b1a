import {
  DeploymentChangeResult,
  deploymentChangeFragment,
} from './recordFields';
import { StyrminOperation } from './StyrminOperation';

/**
 * What `StyrminClient.createDeployment()` takes.
 *
 * @public
 */
export interface CreateDeploymentInput {
  /** The environment's id. */
  environment: string;
  name: string;
  driver: string;
  driverVersion: string;
  /** app_version, parameters by name, components (overrides by component name). */
  configuration: Record<string, unknown>;
  /**
   * Answers to the prompts of the setup hook's actions, by action name then prompt name;
   * a prompt left out gets its default. Kept for the agent only, never shown.
   */
  prompts?: Record<string, Record<string, unknown>>;
  /** Validate and answer what the change would do (diff, planned steps), storing nothing. */
  dryRun?: boolean;
}

/** The `createDeployment` mutation. */
export const createDeploymentOperation: StyrminOperation<
  { createDeployment: DeploymentChangeResult },
  DeploymentChangeResult
> = {
  operationName: 'CreateDeployment',
  document: /* GraphQL */ `
    mutation CreateDeployment($input: CreateDeploymentInput!) {
      createDeployment(input: $input) {
        ...DeploymentChangeFields
      }
    }
    ${deploymentChangeFragment}
  `,
  result: data => data.createDeployment,
};
