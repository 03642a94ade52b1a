import DataLoader from 'dataloader';
import {
  BackupStorageLocation,
  BackupStorageLocationStore,
} from '../../backupStorageLocations/BackupStorageLocationStore';
import {
  BackupScheduleRecord,
  BackupScheduleStore,
} from '../../backups/BackupScheduleStore';
import { Backup, BackupStore } from '../../backups/BackupStore';
import { RestoreStore } from '../../backups/RestoreStore';
import { byKey } from '../StyrminLoaders';

/**
 * The stores of backups that the loaders and resolvers read.
 *
 * @internal
 */
export type BackupLoaderStores = {
  backups: BackupStore;
  restores: RestoreStore;
  backupSchedules: BackupScheduleStore;
  backupStorageLocations: BackupStorageLocationStore;
};

/**
 * The loaders of backups of one request: a page of backups with their locations, or of
 * deployments with their schedules, costs one query per kind.
 *
 * @internal
 */
export type BackupLoaders = {
  backup: DataLoader<string, Backup | undefined>;
  location: DataLoader<string, BackupStorageLocation | undefined>;
  locationByName: DataLoader<string, BackupStorageLocation | undefined>;
  /** A deployment's own schedule, by deployment id. */
  deploymentSchedule: DataLoader<string, BackupScheduleRecord | undefined>;
  /** An environment's schedule, by environment id. */
  environmentSchedule: DataLoader<string, BackupScheduleRecord | undefined>;
};

/**
 * Creates the loaders of backups of one request.
 *
 * @internal
 */
export function createBackupLoaders(stores: BackupLoaderStores): BackupLoaders {
  const { backups, backupSchedules, backupStorageLocations } = stores;
  return {
    backup: new DataLoader(
      byKey(
        ids => backups.getBackups({ ids: [...ids] }),
        b => b.id,
      ),
    ),
    location: new DataLoader(
      byKey(
        ids =>
          backupStorageLocations.getBackupStorageLocations({ ids: [...ids] }),
        l => l.id,
      ),
    ),
    // Locations are few: one read of all of them answers every name.
    locationByName: new DataLoader(
      byKey(
        () => backupStorageLocations.listBackupStorageLocations(),
        l => l.name,
      ),
    ),
    deploymentSchedule: new DataLoader(
      byKey(
        ids => backupSchedules.getBackupSchedules({ deploymentIds: [...ids] }),
        s => s.deploymentId ?? '',
      ),
    ),
    environmentSchedule: new DataLoader(
      byKey(
        ids => backupSchedules.getBackupSchedules({ environmentIds: [...ids] }),
        s => s.environmentId ?? '',
      ),
    ),
  };
}
