import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { registerCreateCommand } from './create';
import { registerDeleteCommand } from './delete';
import { registerListCommand } from './list';
import { registerRestoreCommand } from './restore';
import { registerScheduleCommands } from './schedule/register';
import { registerShowCommand } from './show';

/** `styrminctl backups ...`: the backups of deployments and their in-place restores. */
export function registerBackupsCommands(
  program: Command,
  context: CommandRuntime,
): void {
  const backups = program
    .command('backups')
    .description(
      'List, show, create and delete the backups of deployments; restore one in place; set their schedules',
    );
  // In the order --help lists them.
  for (const register of [
    registerListCommand,
    registerShowCommand,
    registerCreateCommand,
    registerDeleteCommand,
    registerRestoreCommand,
    registerScheduleCommands,
  ]) {
    register(backups, context);
  }
}
