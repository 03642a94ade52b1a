import { DbRecordStampColumns } from '../database/recordStamps';
import { DbTimestamp } from '../database/tables';

/*
 * The rows of the deployment table as the database returns them (see
 * migrations/20261130030000_core_records.js). Only the deployment store reads and writes
 * them.
 */

/** `styrmin_deployments`: the recorded intent for one application in one environment. */
export const DEPLOYMENTS_TABLE = 'styrmin_deployments';

/** `styrmin_deployments` */
export type DbDeploymentRow = DbRecordStampColumns & {
  /** A UUID; the deployment's namespace is `styrmin-<id>`. */
  id: string;
  environment_id: string;
  /** A DNS label, unique in its environment among the deployments not deleted. */
  name: string;
  /** The application driver version: a row of styrmin_driver_versions. */
  driver_name: string;
  driver_version: string;
  /**
   * The `DeploymentConfiguration` the user set, as JSON: secret values included, so never
   * shown as it is.
   */
  configuration: string;
  /** A `DeploymentState`. */
  state: string;
  /** Why the deployment is in its state, when that needs saying (FAILED). */
  state_reason: string | null;
  /** Set when the deletion was recorded; the row stays as a tombstone. */
  deleted_at: DbTimestamp | null;
};
