import { mergeResolvers } from '../mergeResolvers';
import { StyrminResolvers } from '../types';
import { createBackupFields } from './backupFields';
import { createBackupHistoryFields } from './backupHistoryFields';
import { createBackupMutations } from './backupMutations';
import { createBackupQueries } from './backupQueries';
import { BackupResolverRecords } from './backupResolverRecords';
import { createBackupStorageLocationFields } from './backupStorageLocationFields';
import { createBackupStorageLocationMutations } from './backupStorageLocationMutations';

/**
 * The resolvers of backups, restores, backup schedules and backup storage locations. A
 * page of backups with their locations, tasks and restorability costs the same few
 * queries as one (the loaders of backups, tasks and deployments).
 *
 * @internal
 */
export function createBackupResolvers(
  records: BackupResolverRecords,
): StyrminResolvers {
  return mergeResolvers(
    createBackupQueries(records),
    createBackupMutations(records),
    createBackupStorageLocationMutations(records),
    createBackupFields(records),
    createBackupHistoryFields(records),
    createBackupStorageLocationFields(),
  );
}
