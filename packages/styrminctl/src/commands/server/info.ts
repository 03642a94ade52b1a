import { Command } from 'commander';
import { CommandContext } from '../../CommandContext';

/** `styrminctl server info`: the server's version, installation and database. */
export function registerInfoCommand(
  server: Command,
  context: CommandContext,
): void {
  server
    .command('info')
    .description('Show the server version, installation and database')
    .action(async () => {
      const client = await context.client();
      context.print(await client.serverInfo());
    });
}
