import { StyrminOperation } from '../StyrminOperation';
import {
  BackupStorageLocation,
  backupStorageLocationFragment,
} from './backupFields';

/** Reads one `backupStorageLocation` by its id or its name. */
export const backupStorageLocationOperation: StyrminOperation<
  { backupStorageLocation: BackupStorageLocation | null },
  BackupStorageLocation | undefined
> = {
  operationName: 'BackupStorageLocation',
  document: /* GraphQL */ `
    query BackupStorageLocation($id: ID, $name: String) {
      backupStorageLocation(id: $id, name: $name) {
        ...BackupStorageLocationFields
      }
    }
    ${backupStorageLocationFragment}
  `,
  result: data => data.backupStorageLocation ?? undefined,
};
