import { DeploymentEventsQuery } from './generated/operationTypes';
import { StyrminOperation } from './StyrminOperation';

/**
 * A Kubernetes Event in a deployment's namespace, as kubectl get events shows it.
 *
 * @public
 */
export type KubernetesEvent = NonNullable<
  DeploymentEventsQuery['deployment']
>['events'][number];

/** Reads the Kubernetes Events of a deployment's namespace, newest first. */
export const deploymentEventsOperation: StyrminOperation<
  DeploymentEventsQuery,
  KubernetesEvent[] | undefined
> = {
  operationName: 'DeploymentEvents',
  document: /* GraphQL */ `
    query DeploymentEvents($id: ID!) {
      deployment(id: $id) {
        events {
          cluster
          type
          reason
          object
          related
          source
          message
          count
          lastSeen
        }
      }
    }
  `,
  result: data => data.deployment?.events,
};
