import { Command } from 'commander';
import { CommandContext } from '../CommandContext';
import { findCluster, findEnvironment } from '../records/findRecords';
import { settingsPatch } from '../records/settingsPatch';
import { environmentView, redeploymentRows } from '../records/views';
import { settingsFlags, settingsOptions } from './clusters';

type OverridesOptions = { set: string[]; unset: string[]; file?: string };

/** `styrminctl environments ...`: the environments of the clusters. */
export function registerEnvironmentsCommands(
  program: Command,
  context: CommandContext,
): void {
  const environments = program
    .command('environments')
    .description('Create, list, show, update and delete environments');

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
      options: OverridesOptions & {
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

  environments
    .command('list')
    .description('List the environments')
    .option('--cluster <cluster>', 'only those of this cluster: name or id')
    .action(async (options: { cluster?: string }) => {
      const client = await context.client();
      const cluster =
        options.cluster === undefined
          ? undefined
          : (await findCluster(client, options.cluster)).id;
      const list = await client.environments({ cluster });
      context.print(list, {
        table: list.map(environment => ({
          name: environment.name,
          id: environment.id,
          cluster: environment.cluster.name,
          backupStorageLocation: environment.backupStorageLocation,
          version: environment.version,
        })),
      });
    });

  environments
    .command('show')
    .description('Show an environment and its overrides')
    .argument('<environment>', 'its name or id')
    .action(async (ref: string) => {
      const environment = await findEnvironment(await context.client(), ref);
      context.print(environment, { table: environmentView(environment) });
    });

  settingsOptions(
    environments
      .command('update')
      .description(
        'Change overrides or the backup storage location, and redeploy the deployments whose context they change',
      )
      .argument('<environment>', 'its name or id')
      .option(
        '--backup-storage-location <name>',
        'the backup storage location its deployments use',
      )
      .option(
        '--no-backup-storage-location',
        'remove the backup storage location',
      )
      .option('--preview', 'show what would be redeployed, and change nothing')
      .option(
        '--expected-version <n>',
        'refuse the change unless the environment is at this version',
        Number,
      ),
    'override',
  ).action(
    async (
      ref: string,
      options: OverridesOptions & {
        backupStorageLocation?: string | false;
        preview?: boolean;
        expectedVersion?: number;
      },
    ) => {
      const client = await context.client();
      const environment = await findEnvironment(client, ref);
      const input = {
        id: environment.id,
        expectedVersion: options.expectedVersion,
        overrides: await settingsPatch(settingsFlags(options)),
        ...(options.backupStorageLocation !== undefined && {
          backupStorageLocation: options.backupStorageLocation || null,
        }),
      };
      if (options.preview) {
        const preview = await client.previewEnvironmentUpdate(input);
        context.print(preview, { table: redeploymentRows(preview) });
        return;
      }
      const result = await client.updateEnvironment(input);
      context.print(result, {
        tables: [
          { ...environmentView(result.environment), changed: result.changed },
          redeploymentRows(result.redeployments),
        ],
      });
    },
  );

  environments
    .command('delete')
    .description('Delete an environment that has no deployments left')
    .argument('<environment>', 'its name or id')
    .option(
      '--expected-version <n>',
      'refuse unless the environment is at this version',
      Number,
    )
    .action(async (ref: string, options: { expectedVersion?: number }) => {
      const client = await context.client();
      const environment = await findEnvironment(client, ref);
      const deleted = await client.deleteEnvironment({
        id: environment.id,
        expectedVersion: options.expectedVersion,
      });
      context.print(deleted, {
        table: { name: deleted.name, deletedAt: deleted.deletedAt },
      });
    });
}
