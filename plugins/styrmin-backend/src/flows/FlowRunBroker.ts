import {
  DatabaseService,
  LoggerService,
  SchedulerService,
} from '@backstage/backend-plugin-api';
import { HumanDuration } from '@backstage/types';
import { Knex } from 'knex';
import { retryOnDeadlock } from '../database/retryOnDeadlock';
import { TransactionOption } from '../database/TransactionOption';
import { TaskStore } from '../tasks/TaskStore';
import {
  FlowRun,
  FlowRunPool,
  FlowRunStore,
  FlowRunStoreCompleteOptions,
  FlowRunStoreCreateOptions,
  FlowRunStoreExpiredLease,
} from './FlowRunStore';

/**
 * How often the lease-expiry sweep runs by default (`styrmin.flows.sweepInterval`), on one
 * replica at a time. A run whose worker died waits up to its lease plus this long before it
 * is claimable again.
 *
 * @internal
 */
export const DEFAULT_FLOW_RUN_LEASE_SWEEP_INTERVAL: HumanDuration = {
  seconds: 15,
};

/**
 * Options of {@link FlowRunBroker.create}.
 *
 * @internal
 */
export type FlowRunBrokerOptions = {
  database: DatabaseService;
  flowRuns: FlowRunStore;
  tasks: TaskStore;
  logger: LoggerService;
};

/** @internal */
export type FlowRunBrokerDispatchOptions = FlowRunStoreCreateOptions;

/**
 * Called in the sweep's transaction for each run that the sweep ended CRASHED, after the
 * step it would have run next failed with the reason; a throw rolls the sweep back.
 *
 * @internal
 */
export type FlowRunCrashListener = (options: {
  tx: Knex.Transaction;
  flowRunId: string;
  reason: string;
}) => Promise<void>;

/**
 * Told once the end of a run is committed (a worker completed it, or the sweep ended it
 * CRASHED), with the end's state; what it does is its own affair: it cannot undo the end.
 *
 * @internal
 */
export type FlowRunEndListener = (ended: {
  flowRunId: string;
  state: 'SUCCEEDED' | 'FAILED' | 'CRASHED';
}) => void;

/** @internal */
export type FlowRunBrokerScheduleLeaseSweepOptions = {
  scheduler: SchedulerService;
  /** Default {@link DEFAULT_FLOW_RUN_LEASE_SWEEP_INTERVAL}. */
  interval?: HumanDuration;
};

/**
 * The flow-run queue around its store: dispatching wakes the claimants in this process at
 * once, and the lease-expiry sweep ends expired leases together with the steps that were
 * running under them. The database stays the truth: claimants elsewhere find new runs when
 * they poll, and a missed wake-up only costs a poll interval.
 *
 * @internal
 */
export class FlowRunBroker {
  readonly #knex: Knex;
  readonly #flowRuns: FlowRunStore;
  readonly #tasks: TaskStore;
  readonly #logger: LoggerService;
  readonly #listeners = new Map<FlowRunPool, Set<() => void>>();
  readonly #crashListeners = new Set<FlowRunCrashListener>();
  readonly #endListeners = new Set<FlowRunEndListener>();

  static async create(options: FlowRunBrokerOptions): Promise<FlowRunBroker> {
    const { database, flowRuns, tasks, logger } = options;
    return new FlowRunBroker(
      await database.getClient(),
      flowRuns,
      tasks,
      logger,
    );
  }

  private constructor(
    knex: Knex,
    flowRuns: FlowRunStore,
    tasks: TaskStore,
    logger: LoggerService,
  ) {
    this.#knex = knex;
    this.#flowRuns = flowRuns;
    this.#tasks = tasks;
    this.#logger = logger;
  }

  /**
   * Records a SCHEDULED run and wakes the pool's claimants in this process. In the caller's
   * transaction, they wake once it ends, since before that no claimant can see the run.
   */
  async dispatch(options: FlowRunBrokerDispatchOptions): Promise<FlowRun> {
    const run = await this.#flowRuns.createFlowRun(options);
    this.#wakeAfterCommit(options, run.pool);
    return run;
  }

  /**
   * Calls `listener` whenever a run of the pool may have become claimable in this process:
   * dispatched, or scheduled again by the sweep. Returns the function that unsubscribes.
   */
  onClaimable(pool: FlowRunPool, listener: () => void): () => void {
    const listeners = this.#listeners.get(pool) ?? new Set();
    this.#listeners.set(pool, listeners);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }

  /**
   * Calls `listener` in the sweep's transaction for every run that it ends CRASHED, so that
   * what follows a run's end (the deployment state) is recorded with it. Returns the
   * function that unsubscribes.
   */
  onCrashed(listener: FlowRunCrashListener): () => void {
    this.#crashListeners.add(listener);
    return () => {
      this.#crashListeners.delete(listener);
    };
  }

  /**
   * Ends a run under its lease (`FlowRunStore.complete`): every worker, in the backend or
   * on an agent, ends its runs here, so that the end listeners hear of each end.
   */
  async complete(options: FlowRunStoreCompleteOptions): Promise<void> {
    await this.#flowRuns.complete(options);
    this.#endedAfterCommit(options, options.lease.flowRunId, options.state);
  }

  /**
   * Calls `listener` once the end of each run is committed: completed by its worker, or
   * CRASHED by the sweep. Returns the function that unsubscribes.
   */
  onEnded(listener: FlowRunEndListener): () => void {
    this.#endListeners.add(listener);
    return () => {
      this.#endListeners.delete(listener);
    };
  }

  /**
   * The lease-expiry sweep. In one transaction, every expired run is either SCHEDULED again
   * (the attempt was counted when it was claimed), its running step FAILED with the reason
   * so that the next attempt starts it again; or CRASHED after its last attempt, with the
   * reason on the step it was running or would have run next, so that the task result is
   * FAILED instead of waiting on steps that will never start.
   */
  async expireLeases(): Promise<FlowRunStoreExpiredLease[]> {
    // A deadlock with a report of the same run rolls the sweep back whole: sweep again.
    const expired = await retryOnDeadlock(() =>
      this.#knex.transaction(async tx => {
        const leases = await this.#flowRuns.expireLeases({ tx });
        for (const { flowRunId, reason, state } of leases) {
          const options = { tx, flowRunId, message: reason };
          if (state === 'CRASHED') {
            await this.#tasks.failNextStep(options);
            for (const listener of this.#crashListeners) {
              await listener({ tx, flowRunId, reason });
            }
          } else {
            await this.#tasks.failRunningSteps(options);
          }
        }
        return leases;
      }),
    );
    for (const lease of expired) {
      this.#logger.warn(
        `Flow run ${lease.flowRunId} ${lease.state}: ${lease.reason}`,
      );
      if (lease.state === 'SCHEDULED') {
        this.#wake(lease.pool);
      } else {
        this.#ended(lease.flowRunId, lease.state);
      }
    }
    return expired;
  }

  /** Runs {@link FlowRunBroker.expireLeases} on the scheduler, on one replica at a time. */
  async scheduleLeaseSweep(
    options: FlowRunBrokerScheduleLeaseSweepOptions,
  ): Promise<void> {
    await options.scheduler.scheduleTask({
      id: 'styrmin-flow-run-lease-sweep',
      scope: 'global',
      frequency: options.interval ?? DEFAULT_FLOW_RUN_LEASE_SWEEP_INTERVAL,
      timeout: { minutes: 1 },
      fn: async () => {
        try {
          await this.expireLeases();
        } catch (error) {
          // The next sweep tries again; the leases stay expired until then.
          this.#logger.error(
            'Failed to expire flow run leases',
            error as Error,
          );
        }
      },
    });
  }

  #wakeAfterCommit(options: TransactionOption, pool: FlowRunPool): void {
    const { tx } = options;
    if (tx?.isTransaction) {
      // knex settles a transaction the same way for a commit and for a plain rollback, so
      // the claimants wake either way; after a rollback they find nothing to claim.
      const wake = () => this.#wake(pool);
      (tx as Knex.Transaction).executionPromise.then(wake, wake);
    } else {
      this.#wake(pool);
    }
  }

  #endedAfterCommit(
    options: TransactionOption,
    flowRunId: string,
    state: 'SUCCEEDED' | 'FAILED' | 'CRASHED',
  ): void {
    const { tx } = options;
    if (tx?.isTransaction) {
      // A savepoint's commit may still roll back with its parent: wait for the top.
      let root = tx as Knex.Transaction;
      while (root.parentTransaction) {
        root = root.parentTransaction;
      }
      root.executionPromise.then(
        () => this.#ended(flowRunId, state),
        // Rolled back by a throw: the run did not end. (A plain `rollback()` settles as a
        // commit does, as for the wake-ups; listeners read what was committed.)
        () => undefined,
      );
    } else {
      this.#ended(flowRunId, state);
    }
  }

  #ended(flowRunId: string, state: 'SUCCEEDED' | 'FAILED' | 'CRASHED'): void {
    for (const listener of this.#endListeners) {
      try {
        listener({ flowRunId, state });
      } catch (error) {
        this.#logger.error(
          `A listener to the end of flow run ${flowRunId} failed`,
          error as Error,
        );
      }
    }
  }

  #wake(pool: FlowRunPool): void {
    for (const listener of this.#listeners.get(pool) ?? []) {
      try {
        listener();
      } catch (error) {
        this.#logger.error(
          `A claimant of flow run pool ${pool} failed to wake`,
          error as Error,
        );
      }
    }
  }
}
