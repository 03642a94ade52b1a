import { NotFoundError } from '@backstage/errors';
import {
  parseBackupStorageLocationInput,
  styrminBslCreatePermission,
  styrminBslDeletePermission,
  styrminBslUpdatePermission,
} from '@styrmin/plugin-styrmin-common';
import { BackupStorageLocationStore } from '../../backupStorageLocations/BackupStorageLocationStore';
import { valueOrThrow } from '../../reconciliation/recordChecks';
import { callerRef } from '../callerRef';
import { withPermission } from '../fieldResolvers';
import { StyrminResolvers } from '../types';

/**
 * The mutations of backup storage locations: register, change, delete. Their input names
 * the Secret that holds the credentials, never the credentials.
 *
 * @internal
 */
export function createBackupStorageLocationMutations(options: {
  backupStorageLocations: BackupStorageLocationStore;
}): StyrminResolvers {
  const { backupStorageLocations: locations } = options;
  const existing = async (id: string) => {
    const location = await locations.getBackupStorageLocation({ id });
    if (!location) {
      throw new NotFoundError(`Backup storage location ${id} does not exist`);
    }
    return location;
  };
  return {
    Mutation: {
      createBackupStorageLocation: withPermission(
        styrminBslCreatePermission,
        (_parent, { input }, context) =>
          locations.createBackupStorageLocation({
            ...valueOrThrow(parseBackupStorageLocationInput(input)),
            createdBy: callerRef(context.credentials),
          }),
      ),
      updateBackupStorageLocation: withPermission(
        styrminBslUpdatePermission,
        async (_parent, { input }, context) => {
          const { id, expectedVersion, ...fields } = input;
          const current = await existing(id);
          const { store } = valueOrThrow(
            parseBackupStorageLocationInput({ ...fields, name: current.name }),
          );
          return locations.updateBackupStorageLocation({
            id,
            expectedVersion: expectedVersion ?? current.version,
            store,
            updatedBy: callerRef(context.credentials),
          });
        },
      ),
      deleteBackupStorageLocation: withPermission(
        styrminBslDeletePermission,
        async (_parent, { input }) => {
          const current = await existing(input.id);
          await locations.deleteBackupStorageLocation({
            id: input.id,
            expectedVersion: input.expectedVersion ?? current.version,
          });
          return current;
        },
      ),
    },
  };
}
