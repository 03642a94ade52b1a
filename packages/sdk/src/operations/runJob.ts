import {
  DeploymentTaskResult,
  deploymentTaskResultFragment,
} from './deploymentTaskResult';
import { StyrminOperation } from './StyrminOperation';

/**
 * What `StyrminClient.runJob()` takes.
 *
 * @public
 */
export interface RunJobInput {
  /** The deployment's id. */
  id: string;
  /** The version the caller saw; another is CONFLICT. */
  expectedVersion?: number;
  /** The component whose container's image and environment the Job runs with. */
  component: string;
  /** The program and its arguments, run as they are (no shell): 1 to 64, 16 KiB at most. */
  command: string[];
  /** How long the Job may run, in seconds: default 600, at most 3600. */
  timeoutSeconds?: number;
}

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
