import { Command } from 'commander';
import { CommandContext } from '../../CommandContext';

/** `styrminctl clusters list`. */
export function registerListCommand(
  clusters: Command,
  context: CommandContext,
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
