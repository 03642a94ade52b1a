import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { registerListCommand } from './list';
import { registerLoadCommand } from './load';
import { registerShowCommand } from './show';
import { registerValidateCommand } from './validate';

/** `styrminctl drivers ...`: application drivers and their versions. */
export function registerDriversCommands(
  program: Command,
  context: CommandRuntime,
): void {
  const drivers = program
    .command('drivers')
    .description('Load, list, show and validate application drivers');
  // In the order --help lists them.
  for (const register of [
    registerLoadCommand,
    registerListCommand,
    registerShowCommand,
    registerValidateCommand,
  ]) {
    register(drivers, context);
  }
}
