import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { BackupCommandOptions, backupCommand } from './backupCommand';
import { backupView } from './backupViews';
import { findBackup } from './findBackup';
import { followBackupTask } from './followBackupTask';

/** `styrminctl backups delete`: a backup and its Velero objects go. */
export function registerDeleteCommand(
  backups: Command,
  context: CommandRuntime,
): void {
  backupCommand(
    backups,
    'delete',
    'Delete a backup: its record and its Velero objects, data included (a delete_backup task)',
  ).action(async (id: string, options: BackupCommandOptions) => {
    const client = await context.client();
    const backup = await findBackup(client, id);
    const { deployment } = backup;
    await context.confirm(
      `Delete backup ${backup.veleroName} of ${deployment.environment.name}/${deployment.name} (instance ${backup.instance.number}) and its data in ${backup.storageLocation.name}?`,
      options,
    );
    const deleting = await client.backups.delete(backup.id);
    await followBackupTask(
      context,
      client,
      {
        value: deleting,
        table: backupView(deleting),
        task: deleting.deletion,
        ended: async () => {
          const left = await client.backups.get(backup.id);
          return {
            value: left ?? { ...deleting, deleted: true },
            table: left ? backupView(left) : { id: backup.id, deleted: true },
            failure: `the backup is still there${
              left?.failureReason ? `: ${left.failureReason}` : ''
            }`,
          };
        },
      },
      options,
    );
  });
}
