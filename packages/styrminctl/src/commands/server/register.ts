import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { registerInfoCommand } from './info';

/** `styrminctl server ...`: the Styrmin server itself. */
export function registerServerCommands(
  program: Command,
  context: CommandRuntime,
): void {
  const server = program
    .command('server')
    .description('Inspect the Styrmin server');
  registerInfoCommand(server, context);
}
