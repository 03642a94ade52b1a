import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { environmentBackupTables } from './environmentBackupViews';
import { findEnvironmentBackup } from './findEnvironmentBackup';

/** `styrminctl environment-backups show`: an environment backup and its constituents. */
export function registerShowCommand(
  environmentBackups: Command,
  context: CommandRuntime,
): void {
  environmentBackups
    .command('show')
    .description(
      'Show an environment backup: its status, and each deployment it captured with its constituent backup (gone once deleted or expired)',
    )
    .argument('<id>', 'the environment backup’s id')
    .action(async (id: string) => {
      const client = await context.client();
      const environmentBackup = await findEnvironmentBackup(client, id);
      context.print(environmentBackup, {
        tables: environmentBackupTables(environmentBackup),
      });
    });
}
