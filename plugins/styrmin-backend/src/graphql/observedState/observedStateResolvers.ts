import {
  readyConditionOf,
  styrminDeploymentReadPermission,
} from '@styrmin/plugin-styrmin-common';
import { Deployment } from '../../deployments/DeploymentStore';
import { isoDateFields, notStored, withPermission } from '../fieldResolvers';
import { StyrminGraphQLContext, StyrminResolvers } from '../types';
import { describeWorkload } from '../../observedState/describeWorkload';

/** The components and services of a deployment; none without an active instance. */
async function workloadOf(
  deployment: Deployment,
  { loaders }: StyrminGraphQLContext,
) {
  const instance = await loaders.activeInstance.load(deployment.id);
  if (!instance) {
    return { components: [], services: [] };
  }
  const [driverVersion, pods, deploymentStatus] = await Promise.all([
    loaders.driverVersion.load(instance.driver),
    loaders.podsOfDeployment.load(deployment.id),
    loaders.deploymentStatus.load(deployment.id),
  ]);
  if (!driverVersion) {
    return notStored(
      `Driver version ${instance.driver.name} ${instance.driver.version}`,
    );
  }
  return describeWorkload({
    context: instance.context,
    driver: driverVersion.spec.spec,
    pods,
    status: deploymentStatus?.status,
  });
}

/**
 * The resolvers of the observed state of deployments: `Deployment.deploymentStatus`,
 * `Deployment.pods`, and `Deployment.components` and `Deployment.services` (what the active
 * instance declares beside what runs), through the request's loaders (one query each for a
 * page of deployments).
 *
 * @internal
 */
export function createObservedStateResolvers(): StyrminResolvers {
  const read = styrminDeploymentReadPermission;
  return {
    Deployment: {
      deploymentStatus: withPermission(read, (deployment, _args, context) =>
        context.loaders.deploymentStatus.load(deployment.id),
      ),
      pods: withPermission(read, (deployment, _args, context) =>
        context.loaders.podsOfDeployment.load(deployment.id),
      ),
      components: withPermission(
        read,
        async (deployment, _args, context) =>
          (await workloadOf(deployment, context)).components,
      ),
      services: withPermission(
        read,
        async (deployment, _args, context) =>
          (await workloadOf(deployment, context)).services,
      ),
    },
    DeploymentStatus: {
      ...isoDateFields('observedAt', 'updatedAt'),
      ready: status => {
        const ready = readyConditionOf(status.status);
        return ready && ready.status !== 'Unknown'
          ? ready.status === 'True'
          : null;
      },
      reason: status => readyConditionOf(status.status)?.reason ?? null,
      message: status => readyConditionOf(status.status)?.message ?? null,
    },
    PodStatus: isoDateFields('startedAt', 'observedAt'),
  };
}
