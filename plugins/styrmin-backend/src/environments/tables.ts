import { DbRecordStampColumns } from '../database/recordStamps';
import { DbTimestamp } from '../database/tables';

/*
 * The rows of the environment table as the database returns them (see
 * migrations/20261130030000_core_records.js and 20261201000000_backups.js). Only the environment store reads and writes
 * them.
 */

/** `styrmin_environments`: the deployment targets, each in one cluster. */
export const ENVIRONMENTS_TABLE = 'styrmin_environments';

/** `styrmin_environments` */
export type DbEnvironmentRow = DbRecordStampColumns & {
  /** A UUID. */
  id: string;
  /** A DNS label, unique among the environments not deleted. */
  name: string;
  cluster_id: string;
  /** The `EnvironmentOverrides`, as JSON. */
  overrides: string;
  /** The `EnvironmentSettings`, as JSON (20261203030000_restore_points.js). */
  settings: string;
  /** The environment's backup storage location (`styrmin_backup_storage_locations`); null for none. */
  backup_storage_location_id: string | null;
  /** Set when the environment was deleted; the row stays for its tombstones. */
  deleted_at: DbTimestamp | null;
};

/** A `styrmin_environments` row as the store reads it: with its location's name. */
export type DbEnvironmentReadRow = DbEnvironmentRow & {
  /** The name of the backup storage location; null for none. */
  backup_storage_location: string | null;
};
