import { StyrminOperation } from '../StyrminOperation';
import { Backup, backupFragment } from './backupFields';

/** The `deleteBackup` mutation: the backup and its Velero objects go, by a delete_backup task. */
export const deleteBackupOperation: StyrminOperation<
  { deleteBackup: Backup },
  Backup
> = {
  operationName: 'DeleteBackup',
  document: /* GraphQL */ `
    mutation DeleteBackup($input: DeleteBackupInput!) {
      deleteBackup(input: $input) {
        ...BackupFields
      }
    }
    ${backupFragment}
  `,
  result: data => data.deleteBackup,
};
