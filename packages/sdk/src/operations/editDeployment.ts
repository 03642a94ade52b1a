import {
  DeploymentChangeResult,
  deploymentChangeFragment,
} from './recordFields';
import { StyrminOperation } from './StyrminOperation';
import { EditDeploymentInput as GeneratedEditDeploymentInput } from './generated/operationTypes';

/**
 * What `StyrminClient.editDeployment()` takes.
 *
 * @public
 */
export type EditDeploymentInput = GeneratedEditDeploymentInput;

/** The `editDeployment` mutation. */
export const editDeploymentOperation: StyrminOperation<
  { editDeployment: DeploymentChangeResult },
  DeploymentChangeResult
> = {
  operationName: 'EditDeployment',
  document: /* GraphQL */ `
    mutation EditDeployment($input: EditDeploymentInput!) {
      editDeployment(input: $input) {
        ...DeploymentChangeFields
      }
    }
    ${deploymentChangeFragment}
  `,
  result: data => data.editDeployment,
};
