import { StyrminOperation } from '../StyrminOperation';
import { CreateBackupStorageLocationInput as GeneratedCreateBackupStorageLocationInput } from '../generated/operationTypes';
import {
  BackupStorageLocation,
  backupStorageLocationFragment,
} from './backupFields';

/**
 * What `StyrminClient.createBackupStorageLocation()` takes.
 *
 * @public
 */
export type CreateBackupStorageLocationInput =
  GeneratedCreateBackupStorageLocationInput;

/** The `createBackupStorageLocation` mutation. */
export const createBackupStorageLocationOperation: StyrminOperation<
  { createBackupStorageLocation: BackupStorageLocation },
  BackupStorageLocation
> = {
  operationName: 'CreateBackupStorageLocation',
  document: /* GraphQL */ `
    mutation CreateBackupStorageLocation(
      $input: CreateBackupStorageLocationInput!
    ) {
      createBackupStorageLocation(input: $input) {
        ...BackupStorageLocationFields
      }
    }
    ${backupStorageLocationFragment}
  `,
  result: data => data.createBackupStorageLocation,
};
