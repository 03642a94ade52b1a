import { DbRecordStampColumns } from '../database/recordStamps';
import { DbTimestamp } from '../database/tables';

/*
 * The rows of the cluster table as the database returns them (see
 * migrations/20261130030000_core_records.js and 20261203040000_utilities.js). Only the cluster store reads and writes them.
 */

/** `styrmin_clusters`: the registered Kubernetes clusters. */
export const CLUSTERS_TABLE = 'styrmin_clusters';

/** `styrmin_clusters` */
export type DbClusterRow = DbRecordStampColumns & {
  /** A UUID; the cluster's work pool is `cluster:<id>`. */
  id: string;
  /** A DNS label, unique. */
  name: string;
  /** The `ClusterSettings`, as JSON. */
  settings: string;
  /** The sha256 of the agent token, in hex. */
  agent_token_hash: string;
  /** When the current agent token was issued (at registration or rotation). */
  agent_token_rotated_at: DbTimestamp;
  /** The last call of the cluster's agent; null until it calls. */
  agent_last_seen_at: DbTimestamp | null;
  /** The environment of its utilities (`styrmin_environments`); null until it has one. */
  system_environment_id: string | null;
};
