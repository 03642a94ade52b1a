import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { formatTaskTree } from '../../tasks/formatTaskTree';
import { backupView } from './backupViews';
import { findBackup } from './findBackup';

/** `styrminctl backups show`: a backup, and its task's steps as `tasks show` prints them. */
export function registerShowCommand(
  backups: Command,
  context: CommandRuntime,
): void {
  backups
    .command('show')
    .description(
      'Show a backup: its instance, phase, progress, size, expiry and the reason of a failure, and its task’s steps',
    )
    .argument('<id>', 'the backup’s id')
    .action(async (id: string) => {
      const client = await context.client();
      const backup = await findBackup(client, id);
      context.print(backup, {
        tables: [
          backupView(backup),
          ...(backup.task ? [formatTaskTree(backup.task).trimEnd()] : []),
        ],
      });
    });
}
