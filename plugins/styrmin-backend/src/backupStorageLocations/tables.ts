import { DbRecordStampColumns } from '../database/recordStamps';
import { DbTimestamp } from '../database/tables';

/*
 * The rows of the backup storage location tables as the database returns them (see
 * migrations/20261201000000_backups.js). Only the backup storage location store reads and
 * writes them; the environment store reads a location's name and id.
 */

/** `styrmin_backup_storage_locations`: the S3-compatible stores an administrator registers. */
export const BACKUP_STORAGE_LOCATIONS_TABLE =
  'styrmin_backup_storage_locations';

/** `styrmin_backup_storage_location_statuses`: what each cluster's agent observes of a location. */
export const BACKUP_STORAGE_LOCATION_STATUSES_TABLE =
  'styrmin_backup_storage_location_statuses';

/** `styrmin_backup_storage_locations` */
export type DbBackupStorageLocationRow = DbRecordStampColumns & {
  /** A UUID. */
  id: string;
  /** Unique; the name of the Velero BackupStorageLocation that the agents write. */
  name: string;
  /** A `BackupStorageProvider`. */
  provider: string;
  /** Null while the location is unconfigured. */
  bucket: string | null;
  prefix: string | null;
  region: string | null;
  endpoint_url: string | null;
  /** SQLite returns 0 or 1. */
  path_style: boolean | number;
  /** The Secret in Velero's namespace that holds the credentials; null while unconfigured. */
  credentials_secret_name: string | null;
  /** The Secret's key; set exactly when the name is. */
  credentials_secret_key: string | null;
};

/** `styrmin_backup_storage_location_statuses` */
export type DbBackupStorageLocationStatusRow = {
  backup_storage_location_id: string;
  cluster_id: string;
  /** A `BackupStorageLocationPhase`. */
  phase: string;
  /** Velero's message, when it gives one (why it is Unavailable). */
  message: string | null;
  last_validated_at: DbTimestamp | null;
  /** When the agent read the Velero object; a report observed earlier changes nothing. */
  observed_at: DbTimestamp;
  updated_at: DbTimestamp;
};
