import { styrminClusterReadPermission } from '@styrmin/plugin-styrmin-common';
import { ClusterStore } from '../../clusters/ClusterStore';
import { SettingsChanges } from '../../reconciliation/SettingsChanges';
import { oneOfIdOrName, withPermission } from '../fieldResolvers';
import { StyrminResolvers } from '../types';

/**
 * The cluster queries: `clusters`, `cluster` (by id or name) and `previewClusterUpdate`.
 *
 * @internal
 */
export function createClusterQueries(options: {
  clusters: ClusterStore;
  settingsChanges: SettingsChanges;
}): StyrminResolvers {
  const { clusters, settingsChanges: changes } = options;
  const read = styrminClusterReadPermission;
  return {
    Query: {
      clusters: withPermission(read, () => clusters.listClusters()),
      cluster: withPermission(read, (_parent, args) =>
        clusters.getCluster(oneOfIdOrName('cluster', args)),
      ),
      previewClusterUpdate: withPermission(read, (_parent, { input }) =>
        changes.previewClusterUpdate({
          clusterId: input.id,
          settingsPatch: input.settings,
        }),
      ),
    },
  };
}
