import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { findEnvironment } from '../../records/findRecords';
import { TaskFailedError } from '../../tasks/followTask';
import { waitOptions } from '../deployments/options';
import { environmentBackupTables } from '../environmentBackups/environmentBackupViews';
import { findEnvironmentBackup } from '../environmentBackups/findEnvironmentBackup';
import { waitForConstituents } from '../environmentBackups/waitForConstituents';

/**
 * `styrminctl environments backup`: an environment backup now, one constituent backup per
 * eligible deployment; with `--wait`, follows each constituent's create_backup task and
 * prints the environment backup as it is then.
 */
export function registerBackupCommand(
  environments: Command,
  context: CommandRuntime,
): void {
  waitOptions(
    environments
      .command('backup')
      .description(
        'Back up an environment now: its configuration, the declared state of each deployment and one backup of each (deleted deployments and those that failed at their creation left out)',
      )
      .argument('<environment>', 'the environment’s name or id'),
  )
    .option(
      '--ttl <duration>',
      'how long each constituent backup is kept (30d, 720h, 1h30m); 30 days by default',
    )
    .action(
      async (
        ref: string,
        options: { ttl?: string; wait?: boolean; timeout?: number },
      ) => {
        const client = await context.client();
        const environment = await findEnvironment(client, ref);
        const started = await client.environmentBackups.create({
          environment: environment.id,
          ttl: options.ttl,
        });
        if (!options.wait) {
          context.print(started, { tables: environmentBackupTables(started) });
          return;
        }
        const failed = await waitForConstituents(
          context,
          client,
          started,
          backup => backup.task,
          options,
        );
        const ended = await findEnvironmentBackup(client, started.id);
        context.print(ended, { tables: environmentBackupTables(ended) });
        if (failed.length > 0 || ended.status === 'FAILED') {
          throw new TaskFailedError(
            `Environment backup ${ended.id} is ${ended.status}${
              failed.length > 0
                ? `: the backup of ${failed.join(', ')} FAILED`
                : ''
            }`,
          );
        }
      },
    );
}
