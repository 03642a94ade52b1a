import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { findCluster } from '../../records/findRecords';

/** `styrminctl environments list`: all, or those of a cluster. */
export function registerListCommand(
  environments: Command,
  context: CommandRuntime,
): void {
  environments
    .command('list')
    .description('List the environments')
    .option('--cluster <cluster>', 'only those of this cluster: name or id')
    .action(async (options: { cluster?: string }) => {
      const client = await context.client();
      const cluster =
        options.cluster === undefined
          ? undefined
          : (await findCluster(client, options.cluster)).id;
      const list = await client.environments({ cluster });
      context.print(list, {
        table: list.map(environment => ({
          name: environment.name,
          id: environment.id,
          cluster: environment.cluster.name,
          backupStorageLocation: environment.backupStorageLocation,
          version: environment.version,
        })),
      });
    });
}
