import { DeploymentState } from '@styrmin/plugin-styrmin-common';
import { StyrminOperation } from './StyrminOperation';
import { Task, taskFragment } from './recordFields';
import { DeploymentStatus, PodStatus } from './taskFields';

/**
 * A deployment's state with what decides it: its newest task and what the agent observed.
 *
 * @public
 */
export interface DeploymentObservedState {
  id: string;
  name: string;
  state: DeploymentState;
  stateReason: string | null;
  latestTask: Task | null;
  deploymentStatus: DeploymentStatus | null;
  pods: PodStatus[];
}

/** Reads a deployment's state, newest task, DeploymentStatus and pods. */
export const deploymentObservedStateOperation: StyrminOperation<
  { deployment: DeploymentObservedState | null },
  DeploymentObservedState | undefined
> = {
  operationName: 'DeploymentObservedState',
  document: /* GraphQL */ `
    query DeploymentObservedState($id: ID!) {
      deployment(id: $id) {
        id
        name
        state
        stateReason
        latestTask {
          ...TaskFields
        }
        deploymentStatus {
          status
          ready
          reason
          message
          observedAt
          updatedAt
        }
        pods {
          name
          phase
          ready
          restarts
          startedAt
          component
          reason
          observedAt
        }
      }
    }
    ${taskFragment}
  `,
  result: data => data.deployment ?? undefined,
};
