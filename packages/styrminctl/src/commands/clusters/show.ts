import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { findCluster } from '../../records/findRecords';
import { clusterView } from '../../records/views';

/** `styrminctl clusters show`: a cluster and its settings. */
export function registerShowCommand(
  clusters: Command,
  context: CommandRuntime,
): void {
  clusters
    .command('show')
    .description('Show a cluster and its settings')
    .argument('<cluster>', 'its name or id')
    .action(async (ref: string) => {
      const cluster = await findCluster(await context.client(), ref);
      context.print(cluster, { table: clusterView(cluster) });
    });
}
