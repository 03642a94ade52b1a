import {
  styrminClusterReadPermission,
  styrminDeploymentReadPermission,
} from '@styrmin/plugin-styrmin-common';
import { isoDateFields, notStored, withPermission } from '../fieldResolvers';
import { StyrminResolvers } from '../types';

/**
 * The fields of the `Environment` type that its record does not hold as they are.
 *
 * @internal
 */
export function createEnvironmentFields(): StyrminResolvers {
  return {
    Environment: {
      ...isoDateFields('createdAt', 'updatedAt', 'deletedAt'),
      cluster: withPermission(
        styrminClusterReadPermission,
        async (environment, _args, context) =>
          (await context.loaders.cluster.load(environment.clusterId)) ??
          notStored(`Cluster ${environment.clusterId}`),
      ),
      deployments: withPermission(
        styrminDeploymentReadPermission,
        (environment, _args, context) =>
          context.loaders.deploymentsOfEnvironment.load(environment.id),
      ),
    },
  };
}
