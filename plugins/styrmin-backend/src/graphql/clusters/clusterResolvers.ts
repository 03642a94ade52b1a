import { ClusterStore } from '../../clusters/ClusterStore';
import { SettingsChanges } from '../../reconciliation/SettingsChanges';
import { ClusterUtilities } from '../../utilities/ClusterUtilities';
import { mergeResolvers } from '../mergeResolvers';
import { StyrminResolvers } from '../types';
import { createClusterFields } from './clusterFields';
import { createClusterMutations } from './clusterMutations';
import { createClusterQueries } from './clusterQueries';

/**
 * Options of {@link createClusterResolvers}.
 *
 * @internal
 */
export type CreateClusterResolversOptions = {
  clusters: ClusterStore;
  settingsChanges: SettingsChanges;
  clusterUtilities: ClusterUtilities;
};

/**
 * The resolvers of the cluster queries and mutations, and of the `Cluster` type.
 *
 * @internal
 */
export function createClusterResolvers(
  options: CreateClusterResolversOptions,
): StyrminResolvers {
  return mergeResolvers(
    createClusterQueries(options),
    createClusterMutations(options),
    createClusterFields(),
  );
}
