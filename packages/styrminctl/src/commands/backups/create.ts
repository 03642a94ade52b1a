import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { findDeployment } from '../../records/findRecords';
import { deploymentArgument, waitOptions } from '../deployments/options';
import { backupView } from './backupViews';
import { followBackupTask } from './followBackupTask';

/** `styrminctl backups create`: a backup of a deployment now. */
export function registerCreateCommand(
  backups: Command,
  context: CommandRuntime,
): void {
  waitOptions(
    deploymentArgument(
      backups
        .command('create')
        .description(
          'Back up a deployment now: its namespace and the data of its volumes (a create_backup task)',
        ),
    ).option(
      '--ttl <duration>',
      'how long the backup is kept, as Velero writes durations (720h0m0s); its schedule’s TTL by default',
    ),
  ).action(
    async (
      ref: string,
      options: { ttl?: string; wait?: boolean; timeout?: number },
    ) => {
      const client = await context.client();
      const deployment = await findDeployment(client, ref);
      const backup = await client.backups.create({
        deployment: deployment.id,
        ttl: options.ttl,
      });
      await followBackupTask(
        context,
        client,
        {
          value: backup,
          table: backupView(backup),
          task: backup.task,
          ended: async () => {
            const ended = (await client.backups.get(backup.id)) ?? backup;
            return {
              value: ended,
              table: backupView(ended),
              failure: `the backup is ${ended.phase ?? 'New'}${
                ended.failureReason ? `: ${ended.failureReason}` : ''
              }`,
            };
          },
        },
        options,
      );
    },
  );
}
