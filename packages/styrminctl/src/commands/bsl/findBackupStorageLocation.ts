import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { BackupStorageLocation, StyrminClient } from '@styrmin/sdk';
import { isWholeId } from '../../records/findRecords';

/** The backup storage location a name or an id names; NOT_FOUND when there is none. */
export async function findBackupStorageLocation(
  client: StyrminClient,
  ref: string,
): Promise<BackupStorageLocation> {
  const location = await client.backupStorageLocations.get(
    isWholeId(ref) ? { id: ref } : { name: ref },
  );
  if (!location) {
    throw new StyrminError('NOT_FOUND', `No backup storage location ${ref}`);
  }
  return location;
}
