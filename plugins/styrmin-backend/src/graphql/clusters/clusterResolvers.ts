import {
  allValid,
  parseClusterSettings,
  parseRecordName,
  styrminClusterCreatePermission,
  styrminClusterReadPermission,
  styrminClusterUpdatePermission,
  styrminEnvironmentReadPermission,
  withinField,
} from '@styrmin/plugin-styrmin-common';
import { AGENT_HEARTBEAT_SECONDS } from '../../agentProtocol/authenticateAgent';
import { callerRef } from '../callerRef';
import {
  isoDateFields,
  oneOfIdOrName,
  withPermission,
} from '../fieldResolvers';
import { StyrminResolvers } from '../types';
import { SettingsReconciler } from '../../reconciliation/SettingsReconciler';
import { Cluster, ClusterStore } from '../../clusters/ClusterStore';

/**
 * Options of {@link createClusterResolvers}.
 *
 * @internal
 */
export type CreateClusterResolversOptions = {
  clusters: ClusterStore;
  settingsReconciler: SettingsReconciler;
};

type UpdateClusterInput = {
  id: string;
  expectedVersion?: number | null;
  settings: unknown;
};

/**
 * The resolvers of the cluster queries and mutations, and of the `Cluster` type. The agent
 * token appears only in what `registerCluster` and `rotateAgentToken` return.
 *
 * @internal
 */
export function createClusterResolvers(
  options: CreateClusterResolversOptions,
): StyrminResolvers {
  const { clusters, settingsReconciler: reconciler } = options;
  return {
    Query: {
      clusters: withPermission(styrminClusterReadPermission, () =>
        clusters.listClusters(),
      ),
      cluster: withPermission(
        styrminClusterReadPermission,
        (_parent, args: { id?: string; name?: string }) =>
          clusters.getCluster(oneOfIdOrName('cluster', args)),
      ),
      previewClusterUpdate: withPermission(
        styrminClusterReadPermission,
        (_parent, { input }: { input: UpdateClusterInput }) =>
          reconciler.previewClusterUpdate({
            clusterId: input.id,
            settingsPatch: input.settings,
          }),
      ),
    },
    Mutation: {
      registerCluster: withPermission(
        styrminClusterCreatePermission,
        (
          _parent,
          { input }: { input: { name: string; settings?: unknown } },
          context,
        ) => {
          const { name, settings } = allValid({
            name: parseRecordName(input.name),
            settings: withinField(
              'settings',
              parseClusterSettings(input.settings ?? {}),
            ),
          });
          return clusters.registerCluster({
            name,
            settings,
            createdBy: callerRef(context.credentials),
          });
        },
      ),
      updateCluster: withPermission(
        styrminClusterUpdatePermission,
        async (_parent, { input }: { input: UpdateClusterInput }, context) => {
          const result = await reconciler.updateCluster({
            clusterId: input.id,
            expectedVersion: input.expectedVersion ?? undefined,
            settingsPatch: input.settings,
            updatedBy: callerRef(context.credentials),
          });
          return {
            cluster: result.record,
            changed: result.changed,
            redeployments: result.redeployments,
          };
        },
      ),
      rotateAgentToken: withPermission(
        styrminClusterUpdatePermission,
        (_parent, { input }: { input: { id: string } }, context) =>
          clusters.rotateAgentToken({
            id: input.id,
            updatedBy: callerRef(context.credentials),
          }),
      ),
    },
    Cluster: {
      ...isoDateFields<keyof Cluster>(
        'agentTokenRotatedAt',
        'agentLastSeenAt',
        'createdAt',
        'updatedAt',
      ),
      agentHeartbeatSeconds: () => AGENT_HEARTBEAT_SECONDS,
      environments: withPermission<Cluster>(
        styrminEnvironmentReadPermission,
        (cluster, _args, context) =>
          context.loaders.environmentsOfCluster.load(cluster.id),
      ),
    },
  };
}
