import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { findCluster } from '../../records/findRecords';
import { clusterView, utilityRows } from '../../records/views';

/**
 * `styrminctl clusters show`: a cluster, its settings and its utilities (the deployments
 * of its system environment, `system-<cluster>`, that Styrmin manages: docs/utilities.md).
 */
export function registerShowCommand(
  clusters: Command,
  context: CommandRuntime,
): void {
  clusters
    .command('show')
    .description('Show a cluster, its settings and its utilities')
    .argument('<cluster>', 'its name or id')
    .action(async (ref: string) => {
      const client = await context.client();
      const cluster = await findCluster(client, ref);
      const system = await client.environmentWithDeployments({
        name: `system-${cluster.name}`,
      });
      const utilities = system?.deployments ?? [];
      context.print(
        { ...cluster, utilities },
        { tables: [clusterView(cluster), utilityRows(utilities)] },
      );
    });
}
