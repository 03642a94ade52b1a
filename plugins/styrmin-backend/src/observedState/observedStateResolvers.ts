import {
  readyConditionOf,
  styrminDeploymentReadPermission,
} from '@styrmin/plugin-styrmin-common';
import { Deployment } from '../deployments/DeploymentStore';
import { isoDateFields, withPermission } from '../graphql/fieldResolvers';
import { StyrminResolvers } from '../graphql/types';
import { DeploymentStatus, PodStatus } from './ObservedStateStore';

/**
 * The resolvers of the observed state of deployments: `Deployment.deploymentStatus` and
 * `Deployment.pods`, through the request's loaders (one query each for a page of
 * deployments).
 *
 * @internal
 */
export function createObservedStateResolvers(): StyrminResolvers {
  const read = styrminDeploymentReadPermission;
  return {
    Deployment: {
      deploymentStatus: withPermission(
        read,
        (deployment: Deployment, _args, context) =>
          context.loaders.deploymentStatus.load(deployment.id),
      ),
      pods: withPermission(read, (deployment: Deployment, _args, context) =>
        context.loaders.podsOfDeployment.load(deployment.id),
      ),
    },
    DeploymentStatus: {
      ...isoDateFields<keyof DeploymentStatus>('observedAt', 'updatedAt'),
      ready: (status: DeploymentStatus) => {
        const ready = readyConditionOf(status.status);
        return ready && ready.status !== 'Unknown'
          ? ready.status === 'True'
          : null;
      },
      reason: (status: DeploymentStatus) =>
        readyConditionOf(status.status)?.reason ?? null,
      message: (status: DeploymentStatus) =>
        readyConditionOf(status.status)?.message ?? null,
    },
    PodStatus: isoDateFields<keyof PodStatus>('startedAt', 'observedAt'),
  };
}
