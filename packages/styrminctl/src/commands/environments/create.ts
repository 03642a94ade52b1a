import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { findCluster } from '../../records/findRecords';
import { settingsPatch } from '../../records/settingsPatch';
import { environmentView } from '../../records/views';
import {
  settingsFlags,
  SettingsOptions,
  settingsOptions,
} from '../settingsOptions';

/** `styrminctl environments create`: an environment in a cluster, with overrides. */
export function registerCreateCommand(
  environments: Command,
  context: CommandRuntime,
): void {
  settingsOptions(
    environments
      .command('create')
      .description('Create an environment in a cluster')
      .argument('<name>', 'the environment name, a DNS label')
      .requiredOption('--cluster <cluster>', 'its cluster: name or id')
      .option(
        '--backup-storage-location <name>',
        'the backup storage location its deployments use',
      ),
    'override',
  ).action(
    async (
      name: string,
      options: SettingsOptions & {
        cluster: string;
        backupStorageLocation?: string;
      },
    ) => {
      const client = await context.client();
      const cluster = await findCluster(client, options.cluster);
      const environment = await client.createEnvironment({
        name,
        cluster: cluster.id,
        overrides: await settingsPatch(settingsFlags(options)),
        backupStorageLocation: options.backupStorageLocation,
      });
      context.print(environment, { table: environmentView(environment) });
    },
  );
}
