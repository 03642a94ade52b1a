import { Command } from 'commander';
import { CommandContext } from '../../CommandContext';
import { registerInfoCommand } from './info';

/** `styrminctl server ...`: the Styrmin server itself. */
export function registerServerCommands(
  program: Command,
  context: CommandContext,
): void {
  const server = program
    .command('server')
    .description('Inspect the Styrmin server');
  registerInfoCommand(server, context);
}
