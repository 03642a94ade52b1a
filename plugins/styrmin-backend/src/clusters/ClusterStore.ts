import { ClusterSettings } from '@styrmin/plugin-styrmin-common';
import { RecordStamps } from '../database/recordStamps';
import { RecordGetOptions } from '../database/getRecord';
import { TransactionOption } from '../database/TransactionOption';
import { FlowRunPool } from '../flows/FlowRunStore';

/**
 * A Kubernetes cluster registered with Styrmin. Its agent token is never part of it: the
 * store keeps only the token's hash.
 *
 * @internal
 */
export type Cluster = RecordStamps & {
  id: string;
  name: string;
  settings: ClusterSettings;
  /** The work pool whose flow runs the cluster's agent claims: `cluster:<id>`. */
  workPool: FlowRunPool;
  /** When the current agent token was issued. */
  agentTokenRotatedAt: Date;
  /** The last call of the cluster's agent. */
  agentLastSeenAt?: Date;
  /**
   * The environment that holds the cluster's utilities (docs/utilities.md): given once,
   * when the cluster is registered (or, for a cluster registered before utilities, when
   * the backend starts).
   */
  systemEnvironmentId?: string;
};

/**
 * A cluster with its agent token: what registration and rotation return, once.
 *
 * @internal
 */
export type ClusterWithAgentToken = {
  cluster: Cluster;
  /** The agent token in clear. Never stored, never readable again. */
  agentToken: string;
};

/** @internal */
export type ClusterStoreRegisterOptions = TransactionOption & {
  name: string;
  settings: ClusterSettings;
  createdBy: string;
};

/**
 * One cluster by its id or its name. With `lock`, the row stays locked until the
 * transaction ends (PostgreSQL), so that changes of the cluster run one at a time.
 *
 * @internal
 */
export type ClusterStoreGetOptions = RecordGetOptions;

/** @internal */
export type ClusterStoreGetManyOptions = TransactionOption & { ids: string[] };

/** @internal */
export type ClusterStoreUpdateOptions = TransactionOption & {
  id: string;
  /** The version the change applies to: a compare-and-set. */
  expectedVersion: number;
  settings: ClusterSettings;
  updatedBy: string;
};

/** @internal */
export type ClusterStoreSetSystemEnvironmentOptions = TransactionOption & {
  id: string;
  environmentId: string;
};

/** @internal */
export type ClusterStoreRotateAgentTokenOptions = TransactionOption & {
  id: string;
  updatedBy: string;
};

/** @internal */
export type ClusterStoreVerifyAgentTokenOptions = TransactionOption & {
  token: string;
};

/** @internal */
export type ClusterStoreRecordAgentSeenOptions = TransactionOption & {
  id: string;
  /** Leaves a last-seen time younger than this alone: one write per interval at most. */
  throttleSeconds: number;
};

/**
 * The registered clusters and their agent tokens, stored hashed. Several clusters are
 * supported, each with its own agent and work pool. Lost compare-and-sets throw
 * `ConflictError`; unknown clusters `NotFoundError`; a name that is taken `ConflictError`.
 *
 * @internal
 */
export interface ClusterStore {
  /** Records a cluster and issues its agent token. */
  registerCluster(
    options: ClusterStoreRegisterOptions,
  ): Promise<ClusterWithAgentToken>;

  /** Every cluster, by name. */
  listClusters(options?: TransactionOption): Promise<Cluster[]>;

  getCluster(options: ClusterStoreGetOptions): Promise<Cluster | undefined>;

  /** The clusters with these ids, in any order; unknown ids are left out. */
  getClusters(options: ClusterStoreGetManyOptions): Promise<Cluster[]>;

  /** Replaces the settings, if the cluster is still at `expectedVersion`. */
  updateCluster(options: ClusterStoreUpdateOptions): Promise<Cluster>;

  /**
   * Gives the cluster its system environment, once: a cluster that has one already throws
   * `ConflictError`. Not a change of the settings: the version stays.
   */
  setSystemEnvironment(
    options: ClusterStoreSetSystemEnvironmentOptions,
  ): Promise<Cluster>;

  /** Issues a new agent token; the old one stops working at once. */
  rotateAgentToken(
    options: ClusterStoreRotateAgentTokenOptions,
  ): Promise<ClusterWithAgentToken>;

  /**
   * The cluster whose current agent token this is, or undefined for any other token
   * (malformed, unknown, rotated away). The hashes are compared in constant time.
   */
  verifyAgentToken(
    options: ClusterStoreVerifyAgentTokenOptions,
  ): Promise<Cluster | undefined>;

  /**
   * Records a call of the cluster's agent (`agentLastSeenAt`), unless one was recorded less
   * than `throttleSeconds` ago. Not a change of the cluster: its version stays. Returns
   * whether it wrote.
   */
  recordAgentSeen(
    options: ClusterStoreRecordAgentSeenOptions,
  ): Promise<boolean>;
}
