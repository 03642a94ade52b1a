import { DbTimestamp } from '../database/tables';

/*
 * The rows of the environment operations' tables as the database returns them (see
 * migrations/20261201050000_environment_backups.js). Only the stores of this folder read
 * and write them.
 */

/** `styrmin_environment_backups`: one environment backup. */
export const ENVIRONMENT_BACKUPS_TABLE = 'styrmin_environment_backups';

/** `styrmin_environment_backups` */
export type DbEnvironmentBackupRow = {
  /** A UUID. */
  id: string;
  environment_id: string;
  /** A `CapturedEnvironment`, as JSON. */
  environment: string;
  /** The `CapturedDeployment`s, by name, as JSON. */
  deployments: string;
  created_by: string;
  created_at: DbTimestamp;
};
