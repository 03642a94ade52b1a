import { styrminEnvironmentReadPermission } from '@styrmin/plugin-styrmin-common';
import { AGENT_HEARTBEAT_SECONDS } from '../../agentProtocol/authenticateAgent';
import { isoDateFields, withPermission } from '../fieldResolvers';
import { StyrminResolvers } from '../types';

/**
 * The fields of the `Cluster` type that its record does not hold as they are.
 *
 * @internal
 */
export function createClusterFields(): StyrminResolvers {
  return {
    Cluster: {
      ...isoDateFields(
        'agentTokenRotatedAt',
        'agentLastSeenAt',
        'createdAt',
        'updatedAt',
      ),
      agentHeartbeatSeconds: () => AGENT_HEARTBEAT_SECONDS,
      // Without its system environment, whose utilities only Styrmin manages: read it
      // by its name, system-<cluster> (docs/utilities.md).
      environments: withPermission(
        styrminEnvironmentReadPermission,
        async (cluster, _args, context) =>
          (await context.loaders.environmentsOfCluster.load(cluster.id)).filter(
            environment => environment.id !== cluster.systemEnvironmentId,
          ),
      ),
    },
  };
}
