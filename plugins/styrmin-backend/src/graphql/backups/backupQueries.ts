import {
  styrminBackupReadPermission,
  styrminBslReadPermission,
} from '@styrmin/plugin-styrmin-common';
import { oneOfIdOrName, withPermission } from '../fieldResolvers';
import { StyrminResolvers } from '../types';
import { BackupResolverRecords } from './backupResolverRecords';

/**
 * The queries of backups: `backup`, `restore`, `backupStorageLocations`,
 * `backupStorageLocation`.
 *
 * @internal
 */
export function createBackupQueries(
  records: BackupResolverRecords,
): StyrminResolvers {
  const { restores, backupStorageLocations } = records;
  return {
    Query: {
      backup: withPermission(
        styrminBackupReadPermission,
        (_parent, args, context) =>
          context.loaders.backups.backup.load(args.id),
      ),
      restore: withPermission(styrminBackupReadPermission, (_parent, args) =>
        restores.getRestore({ id: args.id }),
      ),
      backupStorageLocations: withPermission(styrminBslReadPermission, () =>
        backupStorageLocations.listBackupStorageLocations(),
      ),
      backupStorageLocation: withPermission(
        styrminBslReadPermission,
        (_parent, args) =>
          backupStorageLocations.getBackupStorageLocation(
            oneOfIdOrName('backup storage location', args),
          ),
      ),
    },
  };
}
