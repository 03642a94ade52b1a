import { styrminEnvironmentReadPermission } from '@styrmin/plugin-styrmin-common';
import { EnvironmentStore } from '../../environments/EnvironmentStore';
import { SettingsChanges } from '../../reconciliation/SettingsChanges';
import { oneOfIdOrName, withPermission } from '../fieldResolvers';
import { StyrminResolvers } from '../types';

/**
 * The environment queries: `environments` (of a cluster, or all), `environment` (by id or
 * name) and `previewEnvironmentUpdate`.
 *
 * @internal
 */
export function createEnvironmentQueries(options: {
  environments: EnvironmentStore;
  settingsChanges: SettingsChanges;
}): StyrminResolvers {
  const { environments, settingsChanges: changes } = options;
  const read = styrminEnvironmentReadPermission;
  return {
    Query: {
      environments: withPermission(read, (_parent, args, context) =>
        args.cluster
          ? context.loaders.environmentsOfCluster.load(args.cluster)
          : environments.listEnvironments(),
      ),
      environment: withPermission(read, (_parent, args) =>
        environments.getEnvironment(oneOfIdOrName('environment', args)),
      ),
      previewEnvironmentUpdate: withPermission(read, (_parent, { input }) =>
        changes.previewEnvironmentUpdate({
          environmentId: input.id,
          overridesPatch: input.overrides ?? undefined,
        }),
      ),
    },
  };
}
