import {
  DeploymentTaskResult,
  deploymentTaskResultFragment,
} from './deploymentTaskResult';
import { StyrminOperation } from './StyrminOperation';

/** The `stopComponents` mutation. */
export const stopComponentsOperation: StyrminOperation<
  { stopComponents: DeploymentTaskResult },
  DeploymentTaskResult
> = {
  operationName: 'StopComponents',
  document: /* GraphQL */ `
    mutation StopComponents($input: ComponentsInput!) {
      stopComponents(input: $input) {
        ...DeploymentTaskResultFields
      }
    }
    ${deploymentTaskResultFragment}
  `,
  result: data => data.stopComponents,
};
