import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { BackupDetail, StyrminClient } from '@styrmin/sdk';
import { isWholeId } from '../../records/findRecords';

/** The backup of an id, with its task's steps; NOT_FOUND when there is none. */
export async function findBackup(
  client: StyrminClient,
  id: string,
): Promise<BackupDetail> {
  const backup = await client.backups.get(id);
  if (!backup) {
    // The API finds a backup by its whole id only: a prefix is no id it knows.
    throw new StyrminError(
      'NOT_FOUND',
      isWholeId(id)
        ? `No backup ${id}`
        : `No backup ${id}: give the backup's whole id, as backups list shows it`,
    );
  }
  return backup;
}
