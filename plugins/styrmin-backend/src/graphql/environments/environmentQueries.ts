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
      // Not the clusters' system environments, whose utilities only Styrmin manages:
      // `environment` reads one by its name, system-<cluster> (docs/utilities.md).
      environments: withPermission(read, async (_parent, args, context) => {
        const found = args.cluster
          ? await context.loaders.environmentsOfCluster.load(args.cluster)
          : await environments.listEnvironments();
        const clusters = await context.loaders.cluster.loadMany([
          ...new Set(found.map(environment => environment.clusterId)),
        ]);
        const system = new Set(
          clusters.flatMap(cluster =>
            cluster instanceof Error || !cluster?.systemEnvironmentId
              ? []
              : [cluster.systemEnvironmentId],
          ),
        );
        return found.filter(environment => !system.has(environment.id));
      }),
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
