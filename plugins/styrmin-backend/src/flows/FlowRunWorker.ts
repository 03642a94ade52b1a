import {
  LoggerService,
  SchedulerService,
  SchedulerServiceTaskScheduleDefinition,
} from '@backstage/backend-plugin-api';
import {
  ConflictError,
  InputError,
  NotFoundError,
  toError,
} from '@backstage/errors';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { remainingSteps } from '../tasks/remainingSteps';
import { Task, TaskStore } from '../tasks/TaskStore';
import { flowStepOf } from './Flow';
import { FlowRegistry } from './FlowRegistry';
import { FlowRunBroker } from './FlowRunBroker';
import {
  FlowRun,
  FlowRunLease,
  FlowRunPool,
  FlowRunStore,
} from './FlowRunStore';
import { FlowStepError } from './FlowStepError';

/**
 * How often the worker polls its pool for runs that this process was not told about:
 * dispatched on another replica, or scheduled again by a sweep elsewhere.
 *
 * @internal
 */
export const FLOW_RUN_WORKER_POLL_SCHEDULE: SchedulerServiceTaskScheduleDefinition =
  {
    frequency: { seconds: 5 },
    timeout: { minutes: 1 },
  };

/** Runs at once per worker; server flows only touch records. @internal */
export const DEFAULT_FLOW_RUN_WORKER_CONCURRENCY = 5;

/**
 * How long a claim lasts without a heartbeat. Heartbeats come three times per lease, so a
 * run survives two lost heartbeats; a dead worker's run is claimable again after the lease
 * and at most one sweep interval.
 *
 * @internal
 */
export const DEFAULT_FLOW_RUN_LEASE_SECONDS = 30;

/** How long {@link FlowRunWorker.stop} lets runs finish before it aborts them. @internal */
export const DEFAULT_FLOW_RUN_WORKER_STOP_GRACE_MS = 10_000;

/**
 * Options of {@link FlowRunWorker.create}.
 *
 * @internal
 */
export type FlowRunWorkerOptions = {
  flowRuns: FlowRunStore;
  tasks: TaskStore;
  broker: FlowRunBroker;
  flows: FlowRegistry;
  logger: LoggerService;
  scheduler: SchedulerService;
  /** Defaults to `server`. */
  pool?: FlowRunPool;
  /** Who holds the leases; defaults to the host name and a random id. */
  owner?: string;
  concurrency?: number;
  leaseSeconds?: number;
  /** Defaults to a third of the lease. */
  heartbeatSeconds?: number;
  stopGraceMs?: number;
  /**
   * Told after each report the worker recorded of a run's task (a step started or ended,
   * the run ended), so that the pages that show the task refresh.
   */
  onTaskChanged?: (task: Task) => void;
};

/**
 * Runs the flows of one work pool in this process: claims runs up to its concurrency limit,
 * keeps their leases with heartbeats, runs the steps of each run's task that remain, in
 * order, and reports every step and the run's end under the lease.
 *
 * It never crashes. A failing step ends its run FAILED with the step's error. Any other
 * failure (the database, a lost lease) is logged and leaves the run to its lease: when the
 * lease expires, the sweep schedules the run again and the next attempt starts with the
 * steps that did not succeed.
 *
 * Claiming happens in three ways: on the scheduler (a local task at the poll interval), at
 * once when this process dispatches a run to the pool, and whenever a run ends and frees a
 * place.
 *
 * @internal
 */
export class FlowRunWorker {
  readonly #flowRuns: FlowRunStore;
  readonly #tasks: TaskStore;
  readonly #broker: FlowRunBroker;
  readonly #flows: FlowRegistry;
  readonly #logger: LoggerService;
  readonly #scheduler: SchedulerService;
  readonly #pool: FlowRunPool;
  readonly #owner: string;
  readonly #concurrency: number;
  readonly #leaseSeconds: number;
  readonly #heartbeatMs: number;
  readonly #stopGraceMs: number;
  readonly #onTaskChanged: (task: Task) => void;
  /** The runs being executed, with the controller that aborts each. */
  readonly #running = new Map<Promise<void>, AbortController>();
  #claiming?: Promise<void>;
  #claimAgain = false;
  #stopped = false;
  #unsubscribe?: () => void;

  static create(options: FlowRunWorkerOptions): FlowRunWorker {
    const {
      concurrency = DEFAULT_FLOW_RUN_WORKER_CONCURRENCY,
      leaseSeconds = DEFAULT_FLOW_RUN_LEASE_SECONDS,
      heartbeatSeconds = leaseSeconds / 3,
    } = options;
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new InputError(
        `A flow run worker runs at least one run at a time; got concurrency ${concurrency}`,
      );
    }
    if (!(heartbeatSeconds > 0 && heartbeatSeconds < leaseSeconds)) {
      throw new InputError(
        `Heartbeats must come more often than the lease runs out; got every ` +
          `${heartbeatSeconds} s for a lease of ${leaseSeconds} s`,
      );
    }
    return new FlowRunWorker({
      ...options,
      concurrency,
      leaseSeconds,
      heartbeatSeconds,
    });
  }

  private constructor(
    options: FlowRunWorkerOptions &
      Required<
        Pick<
          FlowRunWorkerOptions,
          'concurrency' | 'leaseSeconds' | 'heartbeatSeconds'
        >
      >,
  ) {
    this.#flowRuns = options.flowRuns;
    this.#tasks = options.tasks;
    this.#broker = options.broker;
    this.#flows = options.flows;
    this.#scheduler = options.scheduler;
    this.#pool = options.pool ?? 'server';
    this.#owner = options.owner ?? `${hostname()}/${randomUUID()}`;
    this.#logger = options.logger.child({ flowRunPool: this.#pool });
    this.#concurrency = options.concurrency;
    this.#leaseSeconds = options.leaseSeconds;
    this.#heartbeatMs = options.heartbeatSeconds * 1000;
    this.#stopGraceMs =
      options.stopGraceMs ?? DEFAULT_FLOW_RUN_WORKER_STOP_GRACE_MS;
    this.#onTaskChanged = options.onTaskChanged ?? (() => undefined);
  }

  /** Starts claiming: on the scheduler, and when this process dispatches to the pool. */
  async start(): Promise<void> {
    this.#unsubscribe = this.#broker.onClaimable(this.#pool, () => {
      void this.claimRuns();
    });
    await this.#scheduler.scheduleTask({
      id: `styrmin-flow-run-worker-${this.#pool.replace(/[^\w-]/g, '-')}`,
      scope: 'local',
      ...FLOW_RUN_WORKER_POLL_SCHEDULE,
      fn: () => this.claimRuns(),
    });
  }

  /**
   * Claims runs until the pool has none or the worker is at its limit, and starts each. It
   * resolves once claiming stops, not when the runs end. Calls that overlap share one pass,
   * followed by another so that no wake-up is lost.
   */
  claimRuns(): Promise<void> {
    if (this.#claiming) {
      this.#claimAgain = true;
      return this.#claiming;
    }
    this.#claiming = this.#claimWhileFree().finally(() => {
      this.#claiming = undefined;
    });
    return this.#claiming;
  }

  /**
   * Runs one claimed run to its end, or until the lease is lost or the worker stops.
   * Never throws. Public for tests.
   */
  async runOne(run: FlowRun): Promise<void> {
    const lease = {
      flowRunId: run.id,
      owner: this.#owner,
      attempt: run.attempts,
    };
    const logger = this.#logger.child({
      flowRunId: run.id,
      flowName: run.flowName,
      attempt: run.attempts,
    });
    const controller = new AbortController();
    const heartbeats = this.#keepLease(lease, controller, logger);
    const done = this.#runSteps(run, lease, controller.signal, logger)
      .catch(error => {
        logger.error(
          `Flow run ${run.id} stopped without an end; its lease will expire and the ` +
            'run will be claimed again',
          toError(error),
        );
      })
      .finally(() => {
        heartbeats.stop();
        this.#running.delete(done);
      });
    this.#running.set(done, controller);
    await done;
  }

  /**
   * Stops claiming, lets the running runs finish for a grace period, then aborts those
   * left. An aborted run records nothing more: its lease expires and another worker runs
   * its remaining steps.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#unsubscribe?.();
    await this.#claiming;
    if (await this.#settleWithin(this.#stopGraceMs)) {
      return;
    }
    for (const controller of this.#running.values()) {
      controller.abort(new Error('The flow run worker is stopping'));
    }
    if (!(await this.#settleWithin(this.#stopGraceMs))) {
      this.#logger.warn(
        `${
          this.#running.size
        } flow runs ignored the abort; their leases will expire`,
      );
    }
  }

  async #claimWhileFree(): Promise<void> {
    do {
      this.#claimAgain = false;
      while (!this.#stopped && this.#running.size < this.#concurrency) {
        let run: FlowRun | undefined;
        try {
          run = await this.#flowRuns.claim({
            pool: this.#pool,
            owner: this.#owner,
            leaseSeconds: this.#leaseSeconds,
          });
        } catch (error) {
          // The next poll tries again.
          this.#logger.error('Failed to claim a flow run', toError(error));
          return;
        }
        if (!run) {
          break;
        }
        this.#logger.info(
          `Claimed flow run ${run.id} (${run.flowName}, attempt ${run.attempts} of ${run.maxAttempts})`,
        );
        // A run that ends frees a place: claim again.
        void this.runOne(run).then(() => this.claimRuns());
      }
    } while (this.#claimAgain && !this.#stopped);
  }

  async #runSteps(
    run: FlowRun,
    lease: FlowRunLease,
    signal: AbortSignal,
    logger: LoggerService,
  ): Promise<void> {
    const flow = this.#flows.get(run.flowName);
    const task = await this.#tasks.getTaskOfFlowRun({ flowRunId: run.id });
    if (!flow || !task) {
      const reason = flow
        ? `Flow run ${run.id} has no task to record its steps on`
        : `The ${this.#pool} pool has no implementation of flow ${
            run.flowName
          }`;
      // On the step it would have run first, where users look for errors.
      await this.#tasks.failNextStep({ flowRunId: run.id, message: reason });
      await this.#broker.complete({ lease, state: 'FAILED', reason });
      logger.error(`Flow run ${run.id} FAILED: ${reason}`);
      return;
    }

    for (const step of remainingSteps(task)) {
      if (signal.aborted) {
        return;
      }
      await this.#tasks.startStep({ stepId: step.id, lease });
      this.#onTaskChanged(task);
      try {
        const implementation = flowStepOf(flow, step.name);
        if (!implementation) {
          throw new Error(`Flow ${flow.name} has no step "${step.name}"`);
        }
        await implementation.run({ flowRun: run, task, step, signal, logger });
      } catch (error) {
        if (signal.aborted) {
          // The lease is lost or the worker stops: the next attempt runs the step again.
          return;
        }
        const { message } = toError(error);
        await this.#tasks.failStep({
          stepId: step.id,
          lease,
          message,
          output: error instanceof FlowStepError ? error.output : undefined,
        });
        const reason = `Step "${step.name}" failed: ${message}`;
        await this.#broker.complete({ lease, state: 'FAILED', reason });
        this.#onTaskChanged(task);
        logger.warn(`Flow run ${run.id} FAILED: ${reason}`);
        return;
      }
      await this.#tasks.succeedStep({ stepId: step.id, lease });
      this.#onTaskChanged(task);
    }
    await this.#broker.complete({ lease, state: 'SUCCEEDED' });
    this.#onTaskChanged(task);
    logger.info(`Flow run ${run.id} SUCCEEDED`);
  }

  /**
   * Heartbeats until stopped. A refused heartbeat means the lease is gone (expired and
   * taken, or the run ended elsewhere): the run is aborted. Other failures are retried at
   * the next beat, while the lease may still hold.
   */
  #keepLease(
    lease: FlowRunLease,
    controller: AbortController,
    logger: LoggerService,
  ): { stop(): void } {
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    const beat = async () => {
      try {
        await this.#flowRuns.heartbeat({
          lease,
          leaseSeconds: this.#leaseSeconds,
        });
      } catch (error) {
        if (stopped) {
          return;
        }
        if (error instanceof ConflictError || error instanceof NotFoundError) {
          logger.warn(
            `Lost the lease of flow run ${lease.flowRunId}: ${error.message}`,
          );
          controller.abort(error);
          return;
        }
        logger.error(
          `Failed to extend the lease of flow run ${lease.flowRunId}`,
          toError(error),
        );
      }
      if (!stopped) {
        timer = setTimeout(beat, this.#heartbeatMs);
      }
    };
    timer = setTimeout(beat, this.#heartbeatMs);
    return {
      stop() {
        stopped = true;
        clearTimeout(timer);
      },
    };
  }

  /** Whether every running run ended within `ms`. */
  async #settleWithin(ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>(resolve => {
      timer = setTimeout(() => resolve(false), ms);
    });
    const settled = Promise.allSettled(this.#running.keys()).then(() => true);
    try {
      return await Promise.race([settled, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }
}
