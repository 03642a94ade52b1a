import { ClusterStore } from '../../clusters/ClusterStore';
import { EnvironmentStore } from '../../environments/EnvironmentStore';
import { SettingsReconciler } from '../../reconciliation/SettingsReconciler';
import { mergeResolvers } from '../mergeResolvers';
import { StyrminResolvers } from '../types';
import { createEnvironmentFields } from './environmentFields';
import { createEnvironmentMutations } from './environmentMutations';
import { createEnvironmentQueries } from './environmentQueries';

/**
 * Options of {@link createEnvironmentResolvers}.
 *
 * @internal
 */
export type CreateEnvironmentResolversOptions = {
  clusters: ClusterStore;
  environments: EnvironmentStore;
  settingsReconciler: SettingsReconciler;
};

/**
 * The resolvers of the environment queries and mutations, and of the `Environment` type.
 *
 * @internal
 */
export function createEnvironmentResolvers(
  options: CreateEnvironmentResolversOptions,
): StyrminResolvers {
  return mergeResolvers(
    createEnvironmentQueries(options),
    createEnvironmentMutations(options),
    createEnvironmentFields(),
  );
}
