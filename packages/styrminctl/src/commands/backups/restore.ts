import { Backup } from '@styrmin/sdk';
import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { findDeployment } from '../../records/findRecords';
import { BackupCommandOptions, backupCommand } from './backupCommand';
import { restoreView } from './backupViews';
import { findBackup } from './findBackup';
import { followBackupTask } from './followBackupTask';

/** What an in-place restore replaces, in words: the confirmation names it. */
export function restoreQuestion(
  backup: Pick<Backup, 'veleroName' | 'instance' | 'completedAt'>,
  deployment: string,
): string {
  const taken = backup.completedAt ? `, completed ${backup.completedAt}` : '';
  return [
    `Restore backup ${backup.veleroName} (instance ${backup.instance.number}${taken}) into ${deployment}?`,
    `Its components stop, the data of its volume claims is replaced by the backup's,`,
    `the objects the backup holds are updated, and its components start again.`,
  ].join(' ');
}

/** `styrminctl backups restore`: an in-place restore of a backup. */
export function registerRestoreCommand(
  backups: Command,
  context: CommandRuntime,
): void {
  backupCommand(
    backups,
    'restore',
    'Restore a backup in place, into the deployment it was taken of (a restore_backup task); the deployment is RESTORING meanwhile',
  ).action(async (id: string, options: BackupCommandOptions) => {
    const client = await context.client();
    const backup = await findBackup(client, id);
    const deployment = await findDeployment(client, backup.deployment.id);
    const name = `${deployment.environment.name}/${deployment.name}`;
    await context.confirm(
      restoreQuestion(backup, name),
      options,
      'nothing was restored',
    );
    const restore = await client.backups.restore(backup.id);
    await followBackupTask(
      context,
      client,
      {
        value: restore,
        table: restoreView(restore),
        task: restore.task,
        ended: async () => {
          const [ended, after] = await Promise.all([
            client.backups.getRestore(restore.id),
            client.deployment({ id: deployment.id }),
          ]);
          const state = after?.state ?? deployment.state;
          const reason = after?.stateReason;
          const final = ended ?? restore;
          return {
            value: { ...final, deploymentState: state },
            table: { ...restoreView(final), state },
            failure: `the deployment is ${state}${reason ? `: ${reason}` : ''}`,
          };
        },
      },
      options,
    );
  });
}
