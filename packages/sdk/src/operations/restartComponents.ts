import {
  DeploymentTaskResult,
  deploymentTaskResultFragment,
} from './deploymentTaskResult';
import { StyrminOperation } from './StyrminOperation';

/** The `restartComponents` mutation. */
export const restartComponentsOperation: StyrminOperation<
  { restartComponents: DeploymentTaskResult },
  DeploymentTaskResult
> = {
  operationName: 'RestartComponents',
  document: /* GraphQL */ `
    mutation RestartComponents($input: ComponentsInput!) {
      restartComponents(input: $input) {
        ...DeploymentTaskResultFields
      }
    }
    ${deploymentTaskResultFragment}
  `,
  result: data => data.restartComponents,
};
