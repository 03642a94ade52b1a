import { ClusterStore } from '../../clusters/ClusterStore';
import { EnvironmentStore } from '../../environments/EnvironmentStore';
import { SettingsChanges } from '../../reconciliation/SettingsChanges';
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
  settingsChanges: SettingsChanges;
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
