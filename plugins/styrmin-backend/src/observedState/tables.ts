import { DbTimestamp } from '../database/tables';

/*
 * The rows of the observed-state tables as the database returns them (see
 * migrations/20261130040000_agent_protocol.js). Only the observed-state store reads and
 * writes them.
 */

/** `styrmin_deployment_statuses`: DeploymentStatus, one row per deployment. */
export const DEPLOYMENT_STATUSES_TABLE = 'styrmin_deployment_statuses';
/** `styrmin_pod_statuses`: PodStatus, one row per deployment and pod. */
export const POD_STATUSES_TABLE = 'styrmin_pod_statuses';

/** `styrmin_deployment_statuses` */
export type DbDeploymentStatusRow = {
  deployment_id: string;
  /** The StyrminDeployment resource's `.status`, canonical JSON (sorted keys) as text. */
  status: string;
  /** When the agent read the newest snapshot that changed anything of the deployment. */
  observed_at: DbTimestamp;
  /** When the server wrote it. */
  updated_at: DbTimestamp;
};

/** `styrmin_pod_statuses` */
export type DbPodStatusRow = {
  deployment_id: string;
  pod_name: string;
  /** `status.phase`: Pending, Running, Succeeded, Failed or Unknown. */
  phase: string;
  ready: boolean | number;
  /** The sum of the containers' restart counts. */
  restarts: number;
  started_at: DbTimestamp | null;
  component: string | null;
  reason: string | null;
  /** When the agent read the snapshot that wrote the row. */
  observed_at: DbTimestamp;
};
