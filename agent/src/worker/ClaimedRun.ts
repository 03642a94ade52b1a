import {
  AgentFlowRun,
  AgentProtocol,
  AgentRunLease,
  AgentStartedTaskResponse,
  AgentStep,
  StyrminApiError,
} from '@styrmin/sdk';
import {
  AgentTaskStart,
  outputTail,
  stepLines,
} from '@styrmin/plugin-styrmin-common';
import { sleep } from '../cluster/sleep';
import { Logger } from '../logging/Logger';

/** The protocol takes errors of up to 16 KiB; a longer one keeps its start. */
const MAX_ERROR_BYTES = 16 * 1024 - 16;

/**
 * The server's state moved on under the run (`409 CONFLICT`): a step that a newer task
 * superseded, a lease that is gone. The run stops acting; what it still may report, it
 * does.
 *
 * @public
 */
export class RunConflictError extends Error {
  name = 'RunConflictError' as const;
}

/** @public */
export interface ClaimedRunOptions {
  client: AgentProtocol;
  run: AgentFlowRun;
  owner: string;
  logger: Logger;
  /** Aborted when the agent stops: the run is left to its lease. */
  stopSignal: AbortSignal;
  /** The first wait before a call that got no answer is sent again; it doubles to 10 s. */
  retryDelayMs?: number;
}

const isUnavailable = (error: unknown) =>
  !(error instanceof StyrminApiError) ||
  error.code === 'UNAVAILABLE' ||
  error.code === 'INTERNAL';

/**
 * One claimed flow run as the agent holds it: the lease, kept with heartbeats every third
 * of `leaseSeconds`, and the reports about the run (steps and its end), each naming the
 * lease. Reports go one at
 * a time in the order they were made, and a report that got no answer (the server is
 * unreachable or failed) is sent again until it is answered; every report is idempotent, so
 * that is harmless. A `409 CONFLICT` is the server's state moving on: the report throws a
 * RunConflictError, and a heartbeat's conflict (the lease is gone) aborts `signal`, so that
 * the agent stops acting on a run that another claimant may hold.
 *
 * It keeps the task's steps as the server last answered them: the next start of a step is
 * its attempt `attempts + 1`.
 *
 * @public
 */
export class ClaimedRun {
  readonly run: AgentFlowRun;
  readonly lease: AgentRunLease;
  readonly log: Logger;
  readonly #client: AgentProtocol;
  readonly #logger: Logger;
  readonly #controller = new AbortController();
  readonly #steps = new Map<string, AgentStep>();
  readonly #retryDelayMs: number;
  /** The lines of each step's running attempt, by step name, sent with its end. */
  readonly #lines = new Map<string, string[]>();
  /** How many tasks each attempt of a step started, by `<step id>/<attempt>`. */
  readonly #startedTasks = new Map<string, number>();
  #reports: Promise<unknown> = Promise.resolve();
  #heartbeat?: NodeJS.Timeout;

  private constructor(options: ClaimedRunOptions) {
    this.run = options.run;
    this.#client = options.client;
    this.#logger = options.logger;
    this.#retryDelayMs = options.retryDelayMs ?? 500;
    this.lease = {
      runId: options.run.id,
      owner: options.owner,
      attempt: options.run.attempt,
    };
    this.log = options.logger.child({
      flowRun: options.run.id,
      flow: options.run.flow,
      attempt: options.run.attempt,
      deployment: options.run.deployment.id,
    });
    for (const step of options.run.task.steps) {
      this.#steps.set(step.name, step);
    }
    const stop = () =>
      this.#controller.abort(new Error('The agent is stopping'));
    if (options.stopSignal.aborted) {
      stop();
    } else {
      options.stopSignal.addEventListener('abort', stop, { once: true });
      // A released run must not stay reachable from the agent's signal.
      this.#controller.signal.addEventListener('abort', () =>
        options.stopSignal.removeEventListener('abort', stop),
      );
    }
  }

  /** Holds the run: heartbeats start at once and end with `release()`. */
  static hold(options: ClaimedRunOptions): ClaimedRun {
    const claimed = new ClaimedRun(options);
    claimed.#scheduleHeartbeat();
    return claimed;
  }

  /** Aborted when the lease is lost or the agent stops: stop acting on the run. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** The task's steps in the order they run, as the server last answered them. */
  get steps(): AgentStep[] {
    return [...this.#steps.values()].sort((a, b) => a.position - b.position);
  }

  step(name: string): AgentStep | undefined {
    return this.#steps.get(name);
  }

  /**
   * Starts a step, unless this claim already did (it is RUNNING at its latest attempt).
   * Throws RunConflictError when the step must not run (SUCCEEDED, SUPERSEDED).
   */
  async startStep(name: string): Promise<void> {
    await this.#report(async () => {
      const step = this.#known(name);
      if (step.status === 'RUNNING') {
        return;
      }
      this.#steps.set(
        name,
        await this.#client.startStep({
          ...this.lease,
          stepId: step.id,
          stepAttempt: step.attempts + 1,
          signal: this.signal,
        }),
      );
      this.#lines.delete(name);
      this.log.info('Step started', { step: name });
    });
  }

  /**
   * Notes what the step's running attempt did, for every reader of the task: the line goes
   * to the log now and to the server with the step's end (the first 20, cut to the
   * protocol's bounds by `stepLines`). Secrets must not be in it; the server redacts those
   * it knows.
   */
  noteStep(name: string, line: string): void {
    this.log.info(line, { step: name });
    this.#lines.set(name, [...(this.#lines.get(name) ?? []), line]);
  }

  /**
   * Ends the step's running attempt with the lines noted of it; a FAILED one with its error
   * and the end of the failed command's output, a SUCCEEDED one with the end of its
   * command's output, if it ran one (both cut to the protocol's bounds).
   */
  async endStep(
    name: string,
    outcome:
      | { status: 'SUCCEEDED'; output?: string }
      | { status: 'FAILED'; error: string; output?: string },
  ): Promise<void> {
    await this.#report(async () => {
      const step = this.#known(name);
      if (step.status === outcome.status) {
        return;
      }
      this.#steps.set(
        name,
        await this.#client.endStep({
          ...this.lease,
          stepId: step.id,
          stepAttempt: step.attempts,
          status: outcome.status,
          ...(this.#lines.has(name)
            ? { lines: stepLines(this.#lines.get(name)!) }
            : {}),
          ...(outcome.status === 'FAILED'
            ? { error: boundedError(outcome.error) }
            : {}),
          ...(outcome.output ? { outputTail: outputTail(outcome.output) } : {}),
          signal: this.signal,
        }),
      );
      if (outcome.status === 'FAILED') {
        this.log.error('Step failed', { step: name, error: outcome.error });
      } else {
        this.log.info('Step succeeded', { step: name });
      }
    });
  }

  /**
   * An API token for the driver actions of the step's running attempt (`STYRMIN_TOKEN`):
   * it acts on the run's deployment only, and ends with this claim of the run. Never log
   * it.
   */
  async actionToken(name: string): Promise<string> {
    const step = this.#known(name);
    const { token } = await this.#report(() =>
      this.#client.issueActionToken({
        ...this.lease,
        stepId: step.id,
        stepAttempt: step.attempts,
        signal: this.signal,
      }),
    );
    return token;
  }

  /**
   * Starts a task of the run's deployment from the step's running attempt (an action
   * primitive's), linked to the step. Each call of an attempt has its index, so that the
   * same call sent again finds the task it started rather than starting another.
   */
  async startTask(
    name: string,
    request: AgentTaskStart,
  ): Promise<AgentStartedTaskResponse> {
    const step = this.#known(name);
    const key = `${step.id}/${step.attempts}`;
    const call = this.#startedTasks.get(key) ?? 0;
    this.#startedTasks.set(key, call + 1);
    const started = await this.#report(() =>
      this.#client.startTask({
        ...this.lease,
        stepId: step.id,
        stepAttempt: step.attempts,
        call,
        ...request,
        signal: this.signal,
      }),
    );
    this.log.info('Started task', {
      step: name,
      task: started.task.id,
      flow: request.flow,
    });
    return started;
  }

  /**
   * Holds the run of a task that this run started (`startTask`), claimed for `owner`: its
   * own lease and heartbeats; it stops acting when this run does.
   */
  holdStarted(run: AgentFlowRun, owner: string): ClaimedRun {
    return ClaimedRun.hold({
      client: this.#client,
      run,
      owner,
      logger: this.#logger,
      stopSignal: this.signal,
      retryDelayMs: this.#retryDelayMs,
    });
  }

  /** Ends the run. */
  async complete(
    outcome: { state: 'SUCCEEDED' } | { state: 'FAILED'; error: string },
  ): Promise<void> {
    await this.#report(() =>
      this.#client.completeRun({
        ...this.lease,
        ...(outcome.state === 'FAILED'
          ? { state: 'FAILED', error: boundedError(outcome.error) }
          : { state: 'SUCCEEDED' }),
        signal: this.signal,
      }),
    );
    this.log.info(
      outcome.state === 'SUCCEEDED' ? 'Flow run succeeded' : 'Flow run failed',
      outcome.state === 'FAILED' ? { error: outcome.error } : {},
    );
  }

  /** Stops the heartbeats: the run is done, or left to its lease. */
  release(): void {
    clearTimeout(this.#heartbeat);
    this.#heartbeat = undefined;
    if (!this.signal.aborted) {
      this.#controller.abort(new Error('The run was released'));
    }
  }

  #known(name: string): AgentStep {
    const step = this.#steps.get(name);
    if (!step) {
      throw new Error(`The task has no step "${name}"`);
    }
    return step;
  }

  /** Sends reports one at a time, in order; each is retried until it gets an answer. */
  #report<T>(send: () => Promise<T>): Promise<T> {
    const report = this.#reports.then(() => this.#untilAnswered(send));
    this.#reports = report.catch(() => undefined);
    return report;
  }

  async #untilAnswered<T>(send: () => Promise<T>): Promise<T> {
    let delay = this.#retryDelayMs;
    for (;;) {
      this.signal.throwIfAborted();
      try {
        return await send();
      } catch (error) {
        if (error instanceof StyrminApiError && error.code === 'CONFLICT') {
          throw new RunConflictError(error.message);
        }
        if (!isUnavailable(error) || this.signal.aborted) {
          throw error;
        }
        this.log.error('Report got no answer; sending it again', {
          error: (error as Error).message,
        });
        await sleep(delay, this.signal);
        delay = Math.min(delay * 2, 10_000);
      }
    }
  }

  #scheduleHeartbeat() {
    const everyMs = (this.run.leaseSeconds * 1000) / 3;
    this.#heartbeat = setTimeout(() => {
      this.#client
        .heartbeat({ ...this.lease, signal: this.signal })
        .then(
          () => undefined,
          error => {
            if (error instanceof StyrminApiError && error.code === 'CONFLICT') {
              this.log.error('Lost the lease; leaving the run', {
                error: error.message,
              });
              this.#controller.abort(new RunConflictError(error.message));
            } else if (!this.signal.aborted) {
              // The next heartbeat may get through before the lease runs out.
              this.log.error('Heartbeat failed', { error: String(error) });
            }
          },
        )
        .finally(() => {
          if (this.#heartbeat && !this.signal.aborted) {
            this.#scheduleHeartbeat();
          }
        });
    }, everyMs);
    this.#heartbeat.unref?.();
  }
}

function boundedError(error: string): string {
  const bytes = Buffer.from(error || 'Failed');
  return bytes.length > MAX_ERROR_BYTES
    ? `${new TextDecoder().decode(bytes.subarray(0, MAX_ERROR_BYTES))}…`
    : bytes.toString();
}
