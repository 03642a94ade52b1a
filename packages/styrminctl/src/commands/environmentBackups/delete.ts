import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { TaskFailedError } from '../../tasks/followTask';
import { yesOption } from '../confirmation';
import { waitOptions } from '../deployments/options';
import { environmentBackupTables } from './environmentBackupViews';
import { findEnvironmentBackup } from './findEnvironmentBackup';
import { waitForConstituents } from './waitForConstituents';

/** `styrminctl environment-backups delete`: an environment backup and its constituents go. */
export function registerDeleteCommand(
  environmentBackups: Command,
  context: CommandRuntime,
): void {
  yesOption(
    waitOptions(
      environmentBackups
        .command('delete')
        .description(
          'Delete an environment backup and its constituent backups, data included (a delete_backup task each)',
        )
        .argument('<id>', 'the environment backup’s id'),
    ),
  ).action(
    async (
      id: string,
      options: { yes?: boolean; wait?: boolean; timeout?: number },
    ) => {
      const client = await context.client();
      const environmentBackup = await findEnvironmentBackup(client, id);
      const left = environmentBackup.constituents.filter(c => c.backup).length;
      await context.confirm(
        `Delete environment backup ${environmentBackup.id} of ${environmentBackup.environmentName} and its ${left} constituent backups, with their data?`,
        options,
      );
      const deleting = await client.environmentBackups.delete(
        environmentBackup.id,
      );
      const failed = options.wait
        ? await waitForConstituents(
            context,
            client,
            deleting,
            backup => backup.deletion,
            options,
          )
        : [];
      context.print(deleting, { tables: environmentBackupTables(deleting) });
      if (failed.length > 0) {
        throw new TaskFailedError(
          `The deletion of the constituent backups of ${failed.join(
            ', ',
          )} FAILED`,
        );
      }
    },
  );
}
