import {
  Deployment,
  deploymentFragment,
  Task,
  taskFragment,
} from './recordFields';

/**
 * What `StyrminClient.stopComponents()` and `startComponents()` take.
 *
 * @public
 */
export interface ComponentsInput {
  /** The deployment's id. */
  id: string;
  /** The version the caller saw; another is CONFLICT. */
  expectedVersion?: number;
  /** Components of the deployment's driver version; at least one. */
  components: string[];
}

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
