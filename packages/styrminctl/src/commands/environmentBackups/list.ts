import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { findEnvironment } from '../../records/findRecords';
import { environmentBackupRow } from './environmentBackupViews';

/** How many environment backups `environment-backups list` shows by default. */
const DEFAULT_LIST_SIZE = 20;

/** `styrminctl environment-backups list`: an environment's environment backups, newest first. */
export function registerListCommand(
  environmentBackups: Command,
  context: CommandRuntime,
): void {
  environmentBackups
    .command('list')
    .description(
      "List an environment's environment backups, newest first, with their status",
    )
    .argument('<environment>', 'the environment’s name or id')
    .option('--first <n>', 'how many (1 to 100)', Number, DEFAULT_LIST_SIZE)
    .action(async (ref: string, options: { first: number }) => {
      const client = await context.client();
      const environment = await findEnvironment(client, ref);
      const page = await client.environmentBackups.list({
        id: environment.id,
        first: options.first,
      });
      const list = page?.nodes ?? [];
      context.print(list, { table: list.map(environmentBackupRow) });
    });
}
