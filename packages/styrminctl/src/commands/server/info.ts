import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';

/** `styrminctl server info`: the server's version, installation and database. */
export function registerInfoCommand(
  server: Command,
  context: CommandRuntime,
): void {
  server
    .command('info')
    .description('Show the server version, installation and database')
    .action(async () => {
      const client = await context.client();
      context.print(await client.serverInfo());
    });
}
