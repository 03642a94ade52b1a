import { LoggerService } from '@backstage/backend-plugin-api';
import { isError } from '@backstage/errors';
import {
  BACKUP_SCHEDULER_SUBJECT,
  DeploymentBackupsDeps,
} from '../DeploymentBackupsDeps';
import { deleteBackup } from './deleteBackup';

/** How many expired backups one run deletes; the next run takes the rest. */
const EXPIRY_BATCH = 100;

/**
 * Deletes the backups whose TTL has passed, as a delete by hand does (a delete_backup task
 * each, the record gone when it succeeds), soonest expired first. A backup that cannot be
 * deleted yet (its creation still runs) is left to the next run. Answers how many
 * deletions it recorded.
 *
 * @internal
 */
export async function expireBackups(
  deps: DeploymentBackupsDeps & { logger: LoggerService },
): Promise<number> {
  const expired = await deps.backups.listExpiredBackups({
    now: deps.clock.now(),
    limit: EXPIRY_BATCH,
  });
  let recorded = 0;
  for (const backup of expired) {
    try {
      await deleteBackup(deps, {
        backupId: backup.id,
        createdBy: BACKUP_SCHEDULER_SUBJECT,
      });
      recorded += 1;
    } catch (error) {
      deps.logger.info(
        `Backup ${backup.veleroBackupName} expired and is not deleted yet: ${
          isError(error) ? error.message : error
        }`,
      );
    }
  }
  return recorded;
}
