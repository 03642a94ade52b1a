import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { versionSummary } from './summaries';

/** `styrminctl drivers show`: a driver version, the latest by default. */
export function registerShowCommand(
  drivers: Command,
  context: CommandRuntime,
): void {
  drivers
    .command('show')
    .description(
      'Show a driver version: its latest, or the one --version names',
    )
    .argument('<name>', 'the driver name')
    .option('--version <version>', 'the driver version (default: the latest)')
    .action(async (name: string, options: { version?: string }) => {
      const client = await context.client();
      const version =
        options.version ?? (await client.driver(name))?.latestVersion.version;
      const driverVersion =
        version && (await client.driverVersion({ name, version }));
      if (!driverVersion) {
        throw new StyrminError(
          'NOT_FOUND',
          options.version
            ? `Driver version ${name} ${options.version} is not loaded`
            : `No version of driver ${name} is loaded`,
        );
      }
      context.print(driverVersion, { table: versionSummary(driverVersion) });
    });
}
