import { DeploymentState } from '@styrmin/plugin-styrmin-common';
import { StyrminOperation } from './StyrminOperation';
import { Task, taskFragment } from './recordFields';
import {
  DeployedService,
  DeploymentComponent,
  DeploymentStatus,
  PodStatus,
} from './taskFields';

/**
 * A deployment's state with what decides it: its newest task and what the agent observed;
 * its versions, components and services.
 *
 * @public
 */
export interface DeploymentObservedState {
  id: string;
  name: string;
  appVersion: string;
  driverVersion: { name: string; version: string };
  state: DeploymentState;
  stateReason: string | null;
  latestTask: Task | null;
  deploymentStatus: DeploymentStatus | null;
  pods: PodStatus[];
  components: DeploymentComponent[];
  services: DeployedService[];
}

/** Reads a deployment's state, newest task, DeploymentStatus, pods, components and services. */
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
        appVersion
        driverVersion {
          name
          version
        }
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
        components {
          name
          desiredReplicas
          pods
          readyReplicas
          singleton
          stopped
        }
        services {
          name
          component
          host
          port
          url
          protocol
          type
        }
      }
    }
    ${taskFragment}
  `,
  result: data => data.deployment ?? undefined,
};
