import { DeploymentState, TaskResult } from '@styrmin/plugin-styrmin-common';
import { Environment, environmentFragment, Task } from './recordFields';

/**
 * A deployment as overviews list it: its state, what it runs, and how its newest task went.
 *
 * @public
 */
export interface DeploymentSummary {
  id: string;
  name: string;
  state: DeploymentState;
  stateReason: string | null;
  driverVersion: { name: string; version: string };
  appVersion: string;
  updatedAt: string;
  /** Its newest task; null before the first. */
  latestTask:
    | (Pick<Task, 'id' | 'type' | 'status' | 'createdAt'> & {
        /** The task result, computed by the server on every read. */
        result: TaskResult;
      })
    | null;
}

/**
 * An environment with its deployments that are not deleted, by name.
 *
 * @public
 */
export interface EnvironmentWithDeployments extends Environment {
  deployments: DeploymentSummary[];
}

/** The fields of an {@link EnvironmentWithDeployments}, with the fragments it spreads. */
export const environmentWithDeploymentsFragment = /* GraphQL */ `
  fragment EnvironmentWithDeploymentsFields on Environment {
    ...EnvironmentFields
    deployments {
      id
      name
      state
      stateReason
      driverVersion {
        name
        version
      }
      appVersion
      updatedAt
      latestTask {
        id
        type
        status
        result
        createdAt
      }
    }
  }
  ${environmentFragment}
`;
