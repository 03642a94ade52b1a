import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';

/** `styrminctl clusters list`. */
export function registerListCommand(
  clusters: Command,
  context: CommandRuntime,
): void {
  clusters
    .command('list')
    .description('List the clusters')
    .action(async () => {
      const list = await (await context.client()).clusters();
      context.print(list, {
        table: list.map(cluster => ({
          name: cluster.name,
          id: cluster.id,
          workPool: cluster.workPool,
          version: cluster.version,
          agentLastSeenAt: cluster.agentLastSeenAt ?? 'never',
        })),
      });
    });
}
