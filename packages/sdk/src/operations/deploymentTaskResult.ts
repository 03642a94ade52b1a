import {
  Deployment,
  deploymentFragment,
  Task,
  taskFragment,
} from './recordFields';
import { ComponentsInput as GeneratedComponentsInput } from './generated/operationTypes';

/**
 * What `StyrminClient.stopComponents()` and `startComponents()` take.
 *
 * @public
 */
export type ComponentsInput = GeneratedComponentsInput;

/**
 * What a stop or start of components, or a job, started: the deployment and the task.
 *
 * @public
 */
export interface DeploymentTaskResult {
  deployment: Deployment;
  task: Task;
}

/** The fields of a {@link DeploymentTaskResult}, with every fragment it spreads. */
export const deploymentTaskResultFragment = /* GraphQL */ `
  fragment DeploymentTaskResultFields on DeploymentTaskResult {
    deployment {
      ...DeploymentFields
    }
    task {
      ...TaskFields
    }
  }
  ${deploymentFragment}
  ${taskFragment}
`;
