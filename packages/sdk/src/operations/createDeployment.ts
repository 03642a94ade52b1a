import {
  DeploymentChangeResult,
  deploymentChangeFragment,
} from './recordFields';
import { StyrminOperation } from './StyrminOperation';
import { CreateDeploymentInput as GeneratedCreateDeploymentInput } from './generated/operationTypes';

/**
 * What `StyrminClient.createDeployment()` takes.
 *
 * @public
 */
export type CreateDeploymentInput = GeneratedCreateDeploymentInput;

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
