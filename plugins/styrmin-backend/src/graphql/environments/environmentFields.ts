import {
  styrminClusterReadPermission,
  styrminDeploymentReadPermission,
} from '@styrmin/plugin-styrmin-common';
import { Environment } from '../../environments/EnvironmentStore';
import { isoDateFields, withPermission } from '../fieldResolvers';
import { StyrminResolvers } from '../types';

/**
 * The fields of the `Environment` type that its record does not hold as they are.
 *
 * @internal
 */
export function createEnvironmentFields(): StyrminResolvers {
  return {
    Environment: {
      ...isoDateFields<keyof Environment>(
        'createdAt',
        'updatedAt',
        'deletedAt',
      ),
      cluster: withPermission<Environment>(
        styrminClusterReadPermission,
        (environment, _args, context) =>
          context.loaders.cluster.load(environment.clusterId),
      ),
      deployments: withPermission<Environment>(
        styrminDeploymentReadPermission,
        (environment, _args, context) =>
          context.loaders.deploymentsOfEnvironment.load(environment.id),
      ),
    },
  };
}
