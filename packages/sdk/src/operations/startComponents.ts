import {
  DeploymentTaskResult,
  deploymentTaskResultFragment,
} from './deploymentTaskResult';
import { StyrminOperation } from './StyrminOperation';

/** The `startComponents` mutation. */
export const startComponentsOperation: StyrminOperation<
  { startComponents: DeploymentTaskResult },
  DeploymentTaskResult
> = {
  operationName: 'StartComponents',
  document: /* GraphQL */ `
    mutation StartComponents($input: ComponentsInput!) {
      startComponents(input: $input) {
        ...DeploymentTaskResultFields
      }
    }
    ${deploymentTaskResultFragment}
  `,
  result: data => data.startComponents,
};
