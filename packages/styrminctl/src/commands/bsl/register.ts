import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { registerCreateCommand } from './create';
import { registerDeleteCommand } from './delete';
import { registerListCommand } from './list';
import { registerShowCommand } from './show';
import { registerUpdateCommand } from './update';

/** `styrminctl bsl ...`: the backup storage locations that backups are kept in. */
export function registerBslCommands(
  program: Command,
  context: CommandRuntime,
): void {
  const bsl = program
    .command('bsl')
    .description(
      'List, show, create, update and delete backup storage locations (BSLs)',
    );
  // In the order --help lists them.
  for (const register of [
    registerListCommand,
    registerShowCommand,
    registerCreateCommand,
    registerUpdateCommand,
    registerDeleteCommand,
  ]) {
    register(bsl, context);
  }
}
