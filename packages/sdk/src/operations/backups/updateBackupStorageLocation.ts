import { StyrminOperation } from '../StyrminOperation';
import { UpdateBackupStorageLocationInput as GeneratedUpdateBackupStorageLocationInput } from '../generated/operationTypes';
import {
  BackupStorageLocation,
  backupStorageLocationFragment,
} from './backupFields';

/**
 * What `StyrminClient.updateBackupStorageLocation()` takes.
 *
 * @public
 */
export type UpdateBackupStorageLocationInput =
  GeneratedUpdateBackupStorageLocationInput;

/** The `updateBackupStorageLocation` mutation: changes a location's store. */
export const updateBackupStorageLocationOperation: StyrminOperation<
  { updateBackupStorageLocation: BackupStorageLocation },
  BackupStorageLocation
> = {
  operationName: 'UpdateBackupStorageLocation',
  document: /* GraphQL */ `
    mutation UpdateBackupStorageLocation(
      $input: UpdateBackupStorageLocationInput!
    ) {
      updateBackupStorageLocation(input: $input) {
        ...BackupStorageLocationFields
      }
    }
    ${backupStorageLocationFragment}
  `,
  result: data => data.updateBackupStorageLocation,
};
