import {
  DeploymentTaskResult,
  deploymentTaskResultFragment,
} from './deploymentTaskResult';
import { StyrminOperation } from './StyrminOperation';
import { RunJobInput as GeneratedRunJobInput } from './generated/operationTypes';

/**
 * What `StyrminClient.runJob()` takes.
 *
 * @public
 */
export type RunJobInput = GeneratedRunJobInput;

/** The `runJob` mutation. */
export const runJobOperation: StyrminOperation<
  { runJob: DeploymentTaskResult },
  DeploymentTaskResult
> = {
  operationName: 'RunJob',
  document: /* GraphQL */ `
    mutation RunJob($input: RunJobInput!) {
      runJob(input: $input) {
        ...DeploymentTaskResultFields
      }
    }
    ${deploymentTaskResultFragment}
  `,
  result: data => data.runJob,
};
