import {
  DeploymentChangeResult,
  deploymentChangeFragment,
} from './recordFields';
import { StyrminOperation } from './StyrminOperation';
import { DeleteDeploymentInput as GeneratedDeleteDeploymentInput } from './generated/operationTypes';

/**
 * What `StyrminClient.deleteDeployment()` takes.
 *
 * @public
 */
export type DeleteDeploymentInput = GeneratedDeleteDeploymentInput;

/** The `deleteDeployment` mutation. */
export const deleteDeploymentOperation: StyrminOperation<
  { deleteDeployment: DeploymentChangeResult },
  DeploymentChangeResult
> = {
  operationName: 'DeleteDeployment',
  document: /* GraphQL */ `
    mutation DeleteDeployment($input: DeleteDeploymentInput!) {
      deleteDeployment(input: $input) {
        ...DeploymentChangeFields
      }
    }
    ${deploymentChangeFragment}
  `,
  result: data => data.deleteDeployment,
};
