import { DbRecordStampColumns } from '../database/recordStamps';
import { DbTimestamp } from '../database/tables';

/*
 * The rows of the backup tables as the database returns them (see
 * migrations/20261201000000_backups.js). Only the stores of this folder read and write
 * them; the backup storage location store counts the backups of a location.
 */

/** `styrmin_backups`: one per-deployment backup. */
export const BACKUPS_TABLE = 'styrmin_backups';
/** `styrmin_restores`: one restore of a backup into a deployment. */
export const RESTORES_TABLE = 'styrmin_restores';
/** `styrmin_backup_schedules`: the backup schedule of an environment or a deployment. */
export const BACKUP_SCHEDULES_TABLE = 'styrmin_backup_schedules';

/** What the agent reports of a Velero Backup or Restore, in both tables. */
export type DbVeleroStatusColumns = {
  /** A `VeleroBackupPhase` or `VeleroRestorePhase`; null until the Velero object exists. */
  phase: string | null;
  total_items: number | null;
  error_count: number;
  warning_count: number;
  /** Why it failed or partly failed, in words. */
  failure_reason: string | null;
  started_at: DbTimestamp | null;
  completed_at: DbTimestamp | null;
  /** When the agent read the Velero object; a report observed earlier changes nothing. */
  observed_at: DbTimestamp | null;
  updated_at: DbTimestamp;
};

/** `styrmin_backups` */
export type DbBackupRow = DbVeleroStatusColumns & {
  /** A UUID. */
  id: string;
  deployment_id: string;
  /** The instance of the deployment that was active when the backup was taken. */
  instance_id: string;
  backup_storage_location_id: string;
  /** Unique: Velero syncs backups by name between the clusters that share a location. */
  velero_backup_name: string;
  /** The task that runs the backup, with its steps. */
  task_id: string;
  /** A `BackupTrigger`. */
  trigger: string;
  /** The schedule's slot that a SCHEDULE backup fills; null for any other. */
  scheduled_for: DbTimestamp | null;
  ttl_seconds: number;
  /** The environment backup that the backup is a constituent of (issue 14). */
  environment_backup_id: string | null;
  items_backed_up: number | null;
  /** PostgreSQL returns a bigint as a string. */
  size_bytes: number | string | null;
  expires_at: DbTimestamp | null;
  created_by: string;
  created_at: DbTimestamp;
  /** The delete_backup task that removes it (20261201010000_backup_tasks). */
  delete_task_id: string | null;
};

/** `styrmin_restores` */
export type DbRestoreRow = DbVeleroStatusColumns & {
  /** A UUID. */
  id: string;
  /** Null once the backup expired or was deleted; the restore stays readable. */
  backup_id: string | null;
  /** The deployment the backup was taken of. */
  source_deployment_id: string;
  /** The deployment restored into: the source for an in-place restore. */
  deployment_id: string;
  velero_backup_name: string;
  velero_restore_name: string;
  task_id: string;
  /** The environment restore that the restore is a constituent of (issue 14). */
  environment_restore_id: string | null;
  items_restored: number | null;
  created_by: string;
  created_at: DbTimestamp;
};

/** `styrmin_backup_schedules`: exactly one of environment_id and deployment_id is set. */
export type DbBackupScheduleRow = DbRecordStampColumns & {
  /** A UUID. */
  id: string;
  environment_id: string | null;
  deployment_id: string | null;
  /** Five fields, in UTC. */
  cron: string;
  ttl_seconds: number;
  /** SQLite returns 0 or 1. */
  paused: boolean | number;
};
