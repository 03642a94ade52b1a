import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { findEnvironment } from '../../records/findRecords';
import { settingsPatch } from '../../records/settingsPatch';
import { environmentView, redeploymentRows } from '../../records/views';
import {
  settingsFlags,
  SettingsOptions,
  settingsOptions,
} from '../settingsOptions';

/** `styrminctl environments update`: overrides, and the redeployments they cause. */
export function registerUpdateCommand(
  environments: Command,
  context: CommandRuntime,
): void {
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
      options: SettingsOptions & {
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
}
