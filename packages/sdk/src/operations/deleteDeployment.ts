import {
  DeploymentChangeResult,
  deploymentChangeFragment,
} from './recordFields';
import { StyrminOperation } from './StyrminOperation';

/**
 * What `StyrminClient.deleteDeployment()` takes.
 *
 * @public
 */
export interface DeleteDeploymentInput {
  id: string;
  expectedVersion?: number;
}

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
