import { DeploymentObservedStateQuery } from './generated/operationTypes';
import { StyrminOperation } from './StyrminOperation';
import { taskFragment } from './recordFields';
import { DeploymentStatus } from './taskFields';
import { WithJsonFields } from './WithJsonFields';

/**
 * A deployment's state with what decides it: its newest task and what the agent observed;
 * its versions, components and services.
 *
 * @public
 */
export type DeploymentObservedState = WithJsonFields<
  NonNullable<DeploymentObservedStateQuery['deployment']>,
  { deploymentStatus: DeploymentStatus | null }
>;

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
          externalUrl
          protocol
          type
        }
      }
    }
    ${taskFragment}
  `,
  result: data => data.deployment ?? undefined,
};
