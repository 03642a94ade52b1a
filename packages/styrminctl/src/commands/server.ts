import { Command } from 'commander';
import { CommandContext } from '../CommandContext';

/** `styrminctl server ...`: the Styrmin server itself. */
export function registerServerCommands(
  program: Command,
  context: CommandContext,
): void {
  const server = program
    .command('server')
    .description('Inspect the Styrmin server');

  server
    .command('info')
    .description('Show the server version, installation and database')
    .action(async () => {
      const client = await context.client();
      context.print(await client.serverInfo());
    });
}
