import { DatabaseService } from '@backstage/backend-plugin-api';
import { ConflictError, InputError, NotFoundError } from '@backstage/errors';
import { JsonObject } from '@backstage/types';
import { FlowName, FlowRunState } from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { Clock, systemClock } from '../database/Clock';
import { inTransaction } from '../database/inTransaction';
import { connectDatabase } from '../database/migrations';
import { onlyUuids } from '../database/uuid';
import {
  fromDbTimestamp,
  fromOptionalDbTimestamp,
} from '../database/timestamps';
import {
  DEFAULT_FLOW_RUN_MAX_ATTEMPTS,
  FlowRun,
  FlowRunLease,
  FlowRunPool,
  FlowRunStore,
  FlowRunStoreClaimOptions,
  FlowRunStoreCompleteOptions,
  FlowRunStoreCreateOptions,
  FlowRunStoreExpiredLease,
  FlowRunStoreExpireLeasesOptions,
  FlowRunStoreGetLeasedRunOptions,
  FlowRunStoreGetManyOptions,
  FlowRunStoreGetOptions,
  FlowRunStoreHeartbeatOptions,
} from './FlowRunStore';
import { DbFlowRunRow, FLOW_RUNS_TABLE } from './tables';

/**
 * How many candidates one claim tries before it reports an empty pool. Each lost
 * compare-and-set means that another claimant took that run, so the pool made progress;
 * the bound only keeps a claim from chasing a pool that others drain faster.
 */
const MAX_CLAIM_CANDIDATES = 10;

/** The most runs one sweep expires; the next sweep takes the rest. */
const DEFAULT_EXPIRE_LIMIT = 100;

/**
 * Options of {@link DatabaseFlowRunStore.create}.
 *
 * @internal
 */
export type DatabaseFlowRunStoreOptions = {
  database: DatabaseService;
  /** Defaults to the system clock; tests move a clock of their own. */
  clock?: Clock;
};

/**
 * The {@link FlowRunStore} on the plugin's database (SQLite or PostgreSQL).
 *
 * Claiming is portable: select the oldest SCHEDULED run of the pool, then update it where
 * its id, state, attempt count and (empty) lease are still what was read, and treat zero
 * updated rows as "another claimant won". On PostgreSQL the select also takes a row lock
 * with SKIP LOCKED, so that concurrent claimants on several replicas pick different runs
 * instead of queueing behind one; the compare-and-set alone keeps claims exclusive.
 *
 * @internal
 */
export class DatabaseFlowRunStore implements FlowRunStore {
  readonly #knex: Knex;
  readonly #clock: Clock;
  /** Whether a claim locks its candidate (PostgreSQL: FOR UPDATE SKIP LOCKED). */
  readonly #lockRows: boolean;

  /** Connects and migrates the database unless the deployment manages migrations itself. */
  static async create(
    options: DatabaseFlowRunStoreOptions,
  ): Promise<DatabaseFlowRunStore> {
    const { database, clock = systemClock } = options;
    const knex = await connectDatabase(database);
    return new DatabaseFlowRunStore(
      knex,
      clock,
      knex.client.dialect === 'postgresql',
    );
  }

  /**
   * A store whose claims take row locks or not, as the test asks: without them, the
   * compare-and-set alone must keep claims exclusive.
   */
  static async forTest(
    options: DatabaseFlowRunStoreOptions & { lockRows: boolean },
  ): Promise<DatabaseFlowRunStore> {
    const store = await DatabaseFlowRunStore.create(options);
    return new DatabaseFlowRunStore(
      store.#knex,
      store.#clock,
      options.lockRows,
    );
  }

  private constructor(knex: Knex, clock: Clock, lockRows: boolean) {
    this.#knex = knex;
    this.#clock = clock;
    this.#lockRows = lockRows;
  }

  async createFlowRun(options: FlowRunStoreCreateOptions): Promise<FlowRun> {
    const {
      tx = this.#knex,
      pool,
      flowName,
      parameters = {},
      maxAttempts = DEFAULT_FLOW_RUN_MAX_ATTEMPTS,
    } = options;
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
      throw new InputError(
        `A flow run needs at least one attempt; got maxAttempts ${maxAttempts}`,
      );
    }
    const row: DbFlowRunRow = {
      id: randomUUID(),
      pool,
      flow_name: flowName,
      parameters: JSON.stringify(parameters),
      state: 'SCHEDULED',
      attempts: 0,
      max_attempts: maxAttempts,
      lease_owner: null,
      lease_expires_at: null,
      heartbeat_at: null,
      reason: null,
      created_at: this.#clock.now(),
      started_at: null,
      ended_at: null,
    };
    await tx<DbFlowRunRow>(FLOW_RUNS_TABLE).insert(row);
    return toFlowRun(row);
  }

  async getFlowRun(
    options: FlowRunStoreGetOptions,
  ): Promise<FlowRun | undefined> {
    const { tx = this.#knex, flowRunId } = options;
    const row = await tx<DbFlowRunRow>(FLOW_RUNS_TABLE)
      .where({ id: flowRunId })
      .first();
    return row && toFlowRun(row);
  }

  async getFlowRuns(options: FlowRunStoreGetManyOptions): Promise<FlowRun[]> {
    const { tx = this.#knex, flowRunIds } = options;
    const rows = await tx<DbFlowRunRow>(FLOW_RUNS_TABLE).whereIn(
      'id',
      onlyUuids(flowRunIds),
    );
    return rows.map(toFlowRun);
  }

  async claim(options: FlowRunStoreClaimOptions): Promise<FlowRun | undefined> {
    const { tx = this.#knex, pool, owner, leaseSeconds, flowRunId } = options;
    const leaseMillis = toLeaseMillis(leaseSeconds);
    return inTransaction(tx, async trx => {
      for (let i = 0; i < MAX_CLAIM_CANDIDATES; i++) {
        let select = trx<DbFlowRunRow>(FLOW_RUNS_TABLE)
          .where({ pool, state: 'SCHEDULED' })
          .where(flowRunId === undefined ? {} : { id: flowRunId })
          .orderBy([{ column: 'created_at' }, { column: 'id' }])
          .first('id', 'attempts');
        if (this.#lockRows) {
          select = select.forUpdate().skipLocked();
        }
        const candidate = await select;
        if (!candidate) {
          return undefined;
        }
        const now = this.#clock.now();
        const claimed = await trx<DbFlowRunRow>(FLOW_RUNS_TABLE)
          .where({
            id: candidate.id,
            state: 'SCHEDULED',
            attempts: candidate.attempts,
          })
          .whereNull('lease_owner')
          .update({
            state: 'RUNNING',
            attempts: candidate.attempts + 1,
            lease_owner: owner,
            lease_expires_at: new Date(now.getTime() + leaseMillis),
            heartbeat_at: now,
            started_at: trx.raw('coalesce(??, ?)', ['started_at', now]),
          });
        if (claimed === 1) {
          const row = await trx<DbFlowRunRow>(FLOW_RUNS_TABLE)
            .where({ id: candidate.id })
            .first();
          return toFlowRun(row!);
        }
      }
      return undefined;
    });
  }

  async getRunLeasedTo(
    options: FlowRunStoreGetLeasedRunOptions,
  ): Promise<FlowRun | undefined> {
    const { tx = this.#knex, pool, owner } = options;
    const row = await tx<DbFlowRunRow>(FLOW_RUNS_TABLE)
      .where({ pool, state: 'RUNNING', lease_owner: owner })
      .where('lease_expires_at', '>', this.#clock.now())
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .first();
    return row && toFlowRun(row);
  }

  async heartbeat(
    options: FlowRunStoreHeartbeatOptions,
  ): Promise<{ leaseExpiresAt: Date }> {
    const { tx = this.#knex, lease, leaseSeconds } = options;
    const now = this.#clock.now();
    const leaseExpiresAt = new Date(
      now.getTime() + toLeaseMillis(leaseSeconds),
    );
    const updated = await tx<DbFlowRunRow>(FLOW_RUNS_TABLE)
      .where(heldLease(lease))
      .update({ heartbeat_at: now, lease_expires_at: leaseExpiresAt });
    if (updated !== 1) {
      throw await this.#lostLease(tx, lease, 'extend');
    }
    return { leaseExpiresAt };
  }

  async complete(options: FlowRunStoreCompleteOptions): Promise<void> {
    const { tx = this.#knex, lease, state, reason } = options;
    const updated = await tx<DbFlowRunRow>(FLOW_RUNS_TABLE)
      .where(heldLease(lease))
      .update({
        state,
        reason: reason ?? null,
        ended_at: this.#clock.now(),
        lease_owner: null,
        lease_expires_at: null,
      });
    if (updated !== 1) {
      throw await this.#lostLease(tx, lease, `end it ${state}`);
    }
  }

  async expireLeases(
    options: FlowRunStoreExpireLeasesOptions = {},
  ): Promise<FlowRunStoreExpiredLease[]> {
    const { tx = this.#knex, limit = DEFAULT_EXPIRE_LIMIT } = options;
    const now = this.#clock.now();
    const rows = await tx<DbFlowRunRow>(FLOW_RUNS_TABLE)
      .where({ state: 'RUNNING' })
      .where('lease_expires_at', '<=', now)
      .orderBy('lease_expires_at')
      .limit(limit);

    const expired: FlowRunStoreExpiredLease[] = [];
    for (const row of rows) {
      const run = toFlowRun(row);
      const lease = {
        flowRunId: run.id,
        owner: run.leaseOwner!,
        attempt: run.attempts,
      };
      const leaseExpiredAt = run.leaseExpiresAt!;
      const crashed = run.attempts >= run.maxAttempts;
      const outcome = crashed
        ? 'no attempt is left'
        : 'the run is scheduled again';
      const reason =
        `Attempt ${run.attempts} of ${run.maxAttempts} stopped reporting: its lease, held ` +
        `by ${
          lease.owner
        }, expired at ${leaseExpiredAt.toISOString()}; ${outcome}`;
      // Compare-and-set: a heartbeat that extended the lease, or a completion, since the
      // select wins over the sweep.
      const updated = await tx<DbFlowRunRow>(FLOW_RUNS_TABLE)
        .where(heldLease(lease))
        .where('lease_expires_at', '<=', now)
        .update({
          lease_owner: null,
          lease_expires_at: null,
          ...(crashed
            ? { state: 'CRASHED', reason, ended_at: now }
            : { state: 'SCHEDULED' }),
        });
      if (updated === 1) {
        expired.push({
          flowRunId: run.id,
          pool: run.pool,
          lease,
          leaseExpiredAt,
          state: crashed ? 'CRASHED' : 'SCHEDULED',
          reason,
        });
      }
    }
    return expired;
  }

  /** Why a report under `lease` changed nothing: the run is unknown, or the lease is gone. */
  async #lostLease(
    db: Knex | Knex.Transaction,
    lease: FlowRunLease,
    action: string,
  ): Promise<Error> {
    const row = await db<DbFlowRunRow>(FLOW_RUNS_TABLE)
      .where({ id: lease.flowRunId })
      .first('state', 'lease_owner', 'attempts');
    if (!row) {
      return new NotFoundError(`No flow run ${lease.flowRunId}`);
    }
    const holder = row.lease_owner
      ? `leased to ${row.lease_owner} for attempt ${row.attempts}`
      : 'not leased';
    return new ConflictError(
      `${lease.owner} cannot ${action}: flow run ${lease.flowRunId} is ${row.state} and ` +
        `${holder}, not leased to ${lease.owner} for attempt ${lease.attempt}`,
    );
  }
}

/** The rows of runs still RUNNING under this lease. */
function heldLease(lease: FlowRunLease): Partial<DbFlowRunRow> {
  return {
    id: lease.flowRunId,
    state: 'RUNNING',
    lease_owner: lease.owner,
    attempts: lease.attempt,
  };
}

function toLeaseMillis(leaseSeconds: number): number {
  if (!(Number.isFinite(leaseSeconds) && leaseSeconds > 0)) {
    throw new InputError(
      `A lease must last a positive number of seconds; got ${leaseSeconds}`,
    );
  }
  return leaseSeconds * 1000;
}

function toFlowRun(row: DbFlowRunRow): FlowRun {
  let parameters: JsonObject;
  try {
    parameters = JSON.parse(row.parameters);
  } catch (error) {
    throw new Error(
      `Failed to parse the parameters of flow run ${row.id}: ${error}`,
    );
  }
  return {
    id: row.id,
    pool: row.pool as FlowRunPool,
    flowName: FlowName.parse(row.flow_name),
    parameters,
    state: FlowRunState.parse(row.state),
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    leaseOwner: row.lease_owner ?? undefined,
    leaseExpiresAt: fromOptionalDbTimestamp(row.lease_expires_at),
    heartbeatAt: fromOptionalDbTimestamp(row.heartbeat_at),
    reason: row.reason ?? undefined,
    createdAt: fromDbTimestamp(row.created_at),
    startedAt: fromOptionalDbTimestamp(row.started_at),
    endedAt: fromOptionalDbTimestamp(row.ended_at),
  };
}
