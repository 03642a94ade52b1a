import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';

/** `styrminctl drivers list`: the drivers with their loaded versions. */
export function registerListCommand(
  drivers: Command,
  context: CommandRuntime,
): void {
  drivers
    .command('list')
    .description('List the drivers with their loaded versions')
    .action(async () => {
      const client = await context.client();
      const list = await client.drivers();
      context.print(list, {
        table: list.map(driver => ({
          name: driver.name,
          title: driver.title,
          latest: driver.latestVersion.version,
          versions: driver.versions.map(version => version.version),
        })),
      });
    });
}
