import { StyrminOperation } from '../StyrminOperation';
import {
  BackupStorageLocation,
  backupStorageLocationFragment,
} from './backupFields';

/** Reads every `backupStorageLocations`, by name. */
export const backupStorageLocationsOperation: StyrminOperation<
  { backupStorageLocations: BackupStorageLocation[] },
  BackupStorageLocation[]
> = {
  operationName: 'BackupStorageLocations',
  document: /* GraphQL */ `
    query BackupStorageLocations {
      backupStorageLocations {
        ...BackupStorageLocationFields
      }
    }
    ${backupStorageLocationFragment}
  `,
  result: data => data.backupStorageLocations,
};
