import { StyrminOperation } from '../StyrminOperation';
import {
  BackupStorageLocation,
  backupStorageLocationFragment,
} from './backupFields';

/** The `deleteBackupStorageLocation` mutation: a location no environment uses and no backup is in. */
export const deleteBackupStorageLocationOperation: StyrminOperation<
  { deleteBackupStorageLocation: BackupStorageLocation },
  BackupStorageLocation
> = {
  operationName: 'DeleteBackupStorageLocation',
  document: /* GraphQL */ `
    mutation DeleteBackupStorageLocation(
      $input: DeleteBackupStorageLocationInput!
    ) {
      deleteBackupStorageLocation(input: $input) {
        ...BackupStorageLocationFields
      }
    }
    ${backupStorageLocationFragment}
  `,
  result: data => data.deleteBackupStorageLocation,
};
