import { DatabaseService } from '@backstage/backend-plugin-api';
import { DatabaseBackupStorageLocationStore } from '../backupStorageLocations/DatabaseBackupStorageLocationStore';
import { Clock } from '../database/Clock';
import { DatabaseBackupScheduleStore } from './DatabaseBackupScheduleStore';
import { DatabaseBackupStore } from './DatabaseBackupStore';
import { DatabaseRestoreStore } from './DatabaseRestoreStore';

/**
 * The stores of backups on the plugin's database: backups, restores, schedules and
 * backup storage locations, as the plugin and the tests wire them.
 *
 * @internal
 */
export async function createBackupStores(options: {
  database: DatabaseService;
  clock?: Clock;
}) {
  return {
    backups: await DatabaseBackupStore.create(options),
    restores: await DatabaseRestoreStore.create(options),
    backupSchedules: await DatabaseBackupScheduleStore.create(options),
    backupStorageLocations: await DatabaseBackupStorageLocationStore.create(
      options,
    ),
  };
}
