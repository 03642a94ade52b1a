import { JsonObject } from '@backstage/types';
import { FlowName, FlowRunState } from '@styrmin/plugin-styrmin-common';
import { TransactionOption } from '../database/TransactionOption';

/**
 * A work pool: `server` for the flows that the backend runs itself, `cluster:<id>` for the
 * flows that the agent of that cluster claims.
 *
 * @internal
 */
export type FlowRunPool = 'server' | `cluster:${string}`;

/**
 * One run of a flow in a work pool.
 *
 * @internal
 */
export type FlowRun = {
  id: string;
  pool: FlowRunPool;
  flowName: FlowName;
  parameters: JsonObject;
  state: FlowRunState;
  /** How many times the run was claimed; each claim starts an attempt. */
  attempts: number;
  /** The attempts after which an expired lease ends the run CRASHED. */
  maxAttempts: number;
  /** Set while RUNNING. */
  leaseOwner?: string;
  /** Set while RUNNING. */
  leaseExpiresAt?: Date;
  heartbeatAt?: Date;
  /** Why the run ended FAILED or CRASHED. */
  reason?: string;
  createdAt: Date;
  /** The first claim. */
  startedAt?: Date;
  endedAt?: Date;
};

/**
 * What a worker holds after a claim. Every report about the run carries it, and the store
 * accepts the report only while the lease is still this one: same owner, same attempt, and
 * the run still RUNNING. The attempt tells a worker's earlier claim from its current one.
 *
 * @internal
 */
export type FlowRunLease = {
  flowRunId: string;
  owner: string;
  attempt: number;
};

/** @internal */
export type FlowRunStoreCreateOptions = TransactionOption & {
  pool: FlowRunPool;
  flowName: FlowName;
  parameters?: JsonObject;
  /** Defaults to {@link DEFAULT_FLOW_RUN_MAX_ATTEMPTS}. */
  maxAttempts?: number;
};

/** @internal */
export type FlowRunStoreGetOptions = TransactionOption & {
  flowRunId: string;
};

/** @internal */
export type FlowRunStoreGetManyOptions = TransactionOption & {
  flowRunIds: string[];
};

/** @internal */
export type FlowRunStoreClaimOptions = TransactionOption & {
  pool: FlowRunPool;
  /** Who claims: a worker or an agent, unique per process. */
  owner: string;
  leaseSeconds: number;
  /**
   * This run of the pool, if it is SCHEDULED, rather than the oldest: a run that its
   * starter runs at once (a task that an action primitive started).
   */
  flowRunId?: string;
};

/** @internal */
export type FlowRunStoreGetLeasedRunOptions = TransactionOption & {
  pool: FlowRunPool;
  owner: string;
};

/** @internal */
export type FlowRunStoreHeartbeatOptions = TransactionOption & {
  lease: FlowRunLease;
  leaseSeconds: number;
};

/** @internal */
export type FlowRunStoreCompleteOptions = TransactionOption & {
  lease: FlowRunLease;
  state: Extract<FlowRunState, 'SUCCEEDED' | 'FAILED'>;
  /** Why the run FAILED. */
  reason?: string;
};

/** @internal */
export type FlowRunStoreExpireLeasesOptions = TransactionOption & {
  /** The most runs to expire in one call; the sweep comes back for the rest. */
  limit?: number;
};

/**
 * A run whose lease expired: claimable again, or CRASHED after its last attempt.
 *
 * @internal
 */
export type FlowRunStoreExpiredLease = {
  flowRunId: string;
  pool: FlowRunPool;
  /** The lease that expired. */
  lease: FlowRunLease;
  leaseExpiredAt: Date;
  state: Extract<FlowRunState, 'SCHEDULED' | 'CRASHED'>;
  /** What happened, for the run (when CRASHED) and for the step that was running. */
  reason: string;
};

/** Three attempts: a run survives two workers that die under it. @internal */
export const DEFAULT_FLOW_RUN_MAX_ATTEMPTS = 3;

/**
 * The durable flow-run queue: runs in work pools, claimed with a lease, kept with
 * heartbeats, claimed again when the lease runs out. Lost compare-and-sets throw
 * `ConflictError`; unknown runs `NotFoundError`.
 *
 * @internal
 */
export interface FlowRunStore {
  /** Records a SCHEDULED run. */
  createFlowRun(options: FlowRunStoreCreateOptions): Promise<FlowRun>;

  getFlowRun(options: FlowRunStoreGetOptions): Promise<FlowRun | undefined>;

  /** The runs with these ids, in any order; unknown ids are left out. */
  getFlowRuns(options: FlowRunStoreGetManyOptions): Promise<FlowRun[]>;

  /**
   * Claims the oldest SCHEDULED run of the pool: RUNNING, leased to the owner for
   * `leaseSeconds`, its attempt counted. Returns undefined when the pool has none. Two
   * claimants, on one replica or several, never get the same run.
   */
  claim(options: FlowRunStoreClaimOptions): Promise<FlowRun | undefined>;

  /**
   * The oldest run of the pool that is RUNNING under a lease of this owner that has not
   * expired: what a claim retried by the same owner gets back (the agent protocol).
   */
  getRunLeasedTo(
    options: FlowRunStoreGetLeasedRunOptions,
  ): Promise<FlowRun | undefined>;

  /**
   * Extends the lease by `leaseSeconds` from now, for its holder only; throws
   * `ConflictError` when the lease is no longer this one.
   */
  heartbeat(
    options: FlowRunStoreHeartbeatOptions,
  ): Promise<{ leaseExpiresAt: Date }>;

  /** Ends the run, for its lease holder only; throws `ConflictError` otherwise. */
  complete(options: FlowRunStoreCompleteOptions): Promise<void>;

  /**
   * Ends the leases that ran out: each such run is SCHEDULED again, or CRASHED with a reason
   * when it used its last attempt. The caller fails the steps that were running, in the
   * same transaction.
   */
  expireLeases(
    options?: FlowRunStoreExpireLeasesOptions,
  ): Promise<FlowRunStoreExpiredLease[]>;
}
