import {
  ComponentsInput as GeneratedComponentsInput,
  DeploymentTaskResultFieldsFragment,
} from './generated/operationTypes';
import { Deployment, deploymentFragment, taskFragment } from './recordFields';
import { WithJsonFields } from './WithJsonFields';

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
export type DeploymentTaskResult = WithJsonFields<
  DeploymentTaskResultFieldsFragment,
  { deployment: Deployment }
>;

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
