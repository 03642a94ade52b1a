import { DbTimestamp } from '../database/tables';

/*
 * The rows of the instance table as the database returns them (see
 * migrations/20261130030000_core_records.js and 20261203030000_restore_points.js). Only the instance store reads and writes
 * them.
 */

/** `styrmin_instances`: what was generated for a deployment at each change. */
export const INSTANCES_TABLE = 'styrmin_instances';

/** `styrmin_instances` */
export type DbInstanceRow = {
  /** A UUID. */
  id: string;
  deployment_id: string;
  /** 1 for the deployment's first instance, one more for each after it. */
  number: number;
  /** The application driver version the instance was generated for. */
  driver_name: string;
  driver_version: string;
  /** The `GlobalContext`, as JSON: secret values included, so never shown as it is. */
  context: string;
  /** The reconciliation diff to the instance before it (`ContextChange[]`, masked), as JSON. */
  diff: string;
  /** Whether it is the deployment's active instance; at most one is. */
  active: boolean | number;
  /** The task that applies it; null until the remediator created it, or when none will. */
  task_id: string | null;
  /**
   * The `DeploymentConfiguration` it was generated from, sealed (secret values inside);
   * null before 20261203030000_restore_points.js.
   */
  configuration: string | null;
  /** The backup its upgrade took first (styrmin_backups, no foreign key). */
  restore_point_backup_id: string | null;
  /** For a rollback's instance: the earlier instance it declares again. */
  rollback_to_instance_id: string | null;
  /** For a rollback with data: the backup it restores once applied. */
  restores_backup_id: string | null;
  created_by: string;
  created_at: DbTimestamp;
};
