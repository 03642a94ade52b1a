import {
  DeploymentTaskResult,
  deploymentTaskResultFragment,
} from './deploymentTaskResult';
import { StyrminOperation } from './StyrminOperation';

/** The `retryTask` mutation: a failed task started again as a new task. */
export const retryTaskOperation: StyrminOperation<
  { retryTask: DeploymentTaskResult },
  DeploymentTaskResult
> = {
  operationName: 'RetryTask',
  document: /* GraphQL */ `
    mutation RetryTask($input: RetryTaskInput!) {
      retryTask(input: $input) {
        ...DeploymentTaskResultFields
      }
    }
    ${deploymentTaskResultFragment}
  `,
  result: data => data.retryTask,
};
