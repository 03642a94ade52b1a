import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { DriverSource, DriverVersion, LoadDriverResult } from '@styrmin/sdk';
import { Command } from 'commander';
import { CommandContext } from '../CommandContext';
import { driverLoadInput } from '../drivers/driverLoadInput';
import { readLocalDriver } from '../drivers/readLocalDriver';

/** `styrminctl drivers ...`: application drivers and their versions. */
export function registerDriversCommands(
  program: Command,
  context: CommandContext,
): void {
  const drivers = program
    .command('drivers')
    .description('Load, list, show and validate application drivers');

  drivers
    .command('load')
    .description(
      'Load a driver version from a local directory (read and validated here, its files sent) or a git URL (cloned by the server)',
    )
    .argument('<dir|git-url>', 'a driver directory, or a git repository URL')
    .option(
      '--ref <ref>',
      'git: the branch, tag or commit (default: the default branch)',
    )
    .option(
      '--path <path>',
      'the driver directory inside the repository or directory',
    )
    .action(
      async (target: string, options: { ref?: string; path?: string }) => {
        const input = await driverLoadInput({ target, ...options });
        const client = await context.client();
        const result = await client.loadDriver(input);
        context.print(result, { table: loadSummary(result) });
      },
    );

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

  drivers
    .command('validate')
    .description(
      'Validate a driver directory, offline, as the server would; print each problem as file:line:column path message',
    )
    .argument('<dir>', 'the driver directory')
    .action(async (dir: string) => {
      const bundle = await readLocalDriver(dir);
      context.print({
        valid: true,
        name: bundle.spec.metadata.name,
        version: bundle.spec.spec.version,
        digest: bundle.digest,
        files: bundle.files.length,
      });
    });
}

function loadSummary({ created, driverVersion }: LoadDriverResult) {
  const { name, version, digest, source } = driverVersion;
  return { created, name, version, digest, source: sourceSummary(source) };
}

/** What a person reads first about a version; -o json and yaml print all of it. */
function versionSummary(driverVersion: DriverVersion) {
  const { info, chart, components, parameters, services, actions } =
    driverVersion;
  return {
    name: driverVersion.name,
    version: driverVersion.version,
    title: driverVersion.title,
    supportedVersions: driverVersion.supportedVersions,
    description: info.description,
    license: info.license,
    chart: `${chart.chart} ${chart.version} (${chart.source.type})`,
    components: components.map(component => component.name),
    parameters: parameters.map(parameter => parameter.name),
    services: services.map(service => service.name),
    actions: actions.map(
      action => `${action.name} (${action.hook} ${action.mode})`,
    ),
    digest: driverVersion.digest,
    source: sourceSummary(driverVersion.source),
    loadedBy: driverVersion.loadedBy,
    loadedAt: driverVersion.loadedAt,
  };
}

/** The fields the source has: a directory has no URL, ref or commit. */
function sourceSummary(source: DriverSource) {
  return Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== null),
  );
}
