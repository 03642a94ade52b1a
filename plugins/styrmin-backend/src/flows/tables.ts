import { DbTimestamp } from '../database/tables';

/*
 * The rows of the flow-run table as the database returns them (see
 * migrations/20261130010000_tasks_and_flow_runs.js and the migrations after it).
 */

/** `styrmin_flow_runs`: one run of a flow in a work pool. */
export const FLOW_RUNS_TABLE = 'styrmin_flow_runs';

/** `styrmin_flow_runs` */
export type DbFlowRunRow = {
  /** A UUID. */
  id: string;
  /** The work pool: `server`, or `cluster:<cluster id>` for the agent of a cluster. */
  pool: string;
  /** A `FlowName`. */
  flow_name: string;
  /** The flow's parameters: a JSON object, as text. */
  parameters: string;
  /** A `FlowRunState`. */
  state: string;
  /** How many times the run was claimed; each claim starts an attempt. */
  attempts: number;
  /** The attempts after which an expired lease ends the run CRASHED. */
  max_attempts: number;
  /** Who holds the lease: set exactly while the run is RUNNING. */
  lease_owner: string | null;
  /** When the lease runs out unless a heartbeat extends it: set exactly while RUNNING. */
  lease_expires_at: DbTimestamp | null;
  /** The last claim or heartbeat. */
  heartbeat_at: DbTimestamp | null;
  /** Why the run ended FAILED or CRASHED. */
  reason: string | null;
  created_at: DbTimestamp;
  /** The first claim. */
  started_at: DbTimestamp | null;
  ended_at: DbTimestamp | null;
};
