import { StyrminDeploymentClient } from '../cluster/StyrminDeploymentClient';
import { sleep } from '../cluster/sleep';
import { describeError } from '../logging/describeError';
import {
  ConditionType,
  findCondition,
  Reason,
} from '../styrminDeployment/conditions';
import { OperatorStep } from '../styrminDeployment/OperatorStep';
import {
  observePhaseSteps,
  PHASE_CONDITIONS,
  PhaseStepStatus,
  phaseStepReports,
} from '../styrminDeployment/phaseSteps';
import { StyrminDeployment } from '../styrminDeployment/StyrminDeployment';
import { ClaimedRun, RunConflictError } from './ClaimedRun';

/**
 * An operator phase failed, and its step says so already: the run ends FAILED with this
 * error and reports nothing more about the step.
 *
 * @public
 */
export class OperatorStepFailedError extends Error {
  name = 'OperatorStepFailedError' as const;
}

/** @public */
export interface OperatorPhaseStepsOptions {
  run: ClaimedRun;
  /** Where the resource is read from. */
  deployments: Pick<StyrminDeploymentClient, 'read'>;
  /** How often the resource is read while a step waits. Default 2 s. */
  pollIntervalMs?: number;
  /** How long the operator may take for its phases. Default 30 minutes. */
  timeoutMs?: number;
}

/**
 * The operator's phases of one run, as steps of its task. The operator reconciles on its
 * own and knows nothing of runs; what it does reaches the run through one channel, the
 * StyrminDeployment's status, read while the worker waits: each phase's condition at the
 * resource's generation says whether its step runs, succeeded or failed
 * (`observePhaseSteps`). Nothing is lost that way: a restart of either side finds the
 * status where the operator left it.
 *
 * Only what concerns this run counts: the resource while it holds the run's instance. A newer instance in the resource means a newer task
 * took over (the server supersedes this run's open steps): waiting ends with a
 * RunConflictError.
 *
 * @public
 */
export class OperatorPhaseSteps {
  readonly #run: ClaimedRun;
  readonly #deployments: Pick<StyrminDeploymentClient, 'read'>;
  readonly #pollIntervalMs: number;
  readonly #timeoutMs: number;
  /** What this claim has reported of each operator step. */
  readonly #reported = new Map<OperatorStep, PhaseStepStatus>();
  readonly #errors = new Map<OperatorStep, string>();
  /** Observations are handled one at a time, in order. */
  #handling: Promise<void> = Promise.resolve();
  #wake?: () => void;
  #conflict?: RunConflictError;

  private constructor(options: OperatorPhaseStepsOptions) {
    this.#run = options.run;
    this.#deployments = options.deployments;
    this.#pollIntervalMs = options.pollIntervalMs ?? 2_000;
    this.#timeoutMs = options.timeoutMs ?? 30 * 60_000;
    for (const [step] of PHASE_CONDITIONS) {
      if (options.run.step(step)?.status === 'SUCCEEDED') {
        this.#reported.set(step, 'SUCCEEDED');
      }
    }
  }

  static create(options: OperatorPhaseStepsOptions): OperatorPhaseSteps {
    return new OperatorPhaseSteps(options);
  }

  /**
   * Waits until the operator's phase of the step has ended and its step says so: resolves
   * when it SUCCEEDED, throws OperatorStepFailedError when it FAILED.
   */
  async waitFor(step: OperatorStep, signal: AbortSignal): Promise<void> {
    const deadline = Date.now() + this.#timeoutMs;
    for (;;) {
      await this.#handling;
      if (this.#conflict) {
        throw this.#conflict;
      }
      const reported = this.#reported.get(step);
      if (reported === 'SUCCEEDED') {
        return;
      }
      if (reported === 'FAILED') {
        throw new OperatorStepFailedError(this.#errors.get(step)!);
      }
      if (Date.now() > deadline) {
        const error = `The operator did not finish "${step}" within ${Math.round(
          this.#timeoutMs / 60_000,
        )} minutes`;
        this.#enqueue(step, 'FAILED', error);
        continue;
      }
      await this.#pollResource(signal);
      await Promise.race([
        sleep(this.#pollIntervalMs, signal),
        new Promise<void>(resolve => {
          this.#wake = resolve;
        }),
      ]);
    }
  }

  async #pollResource(signal: AbortSignal) {
    let resource: StyrminDeployment | undefined;
    try {
      resource = await this.#deployments.read(this.#run.run.deployment.id);
    } catch (error) {
      signal.throwIfAborted();
      // The Kubernetes API will answer again; the step waits meanwhile.
      this.#run.log.error('Could not read the StyrminDeployment', {
        error: describeError(error),
      });
      return;
    }
    const instanceId = this.#run.run.instance?.id;
    if (!resource || resource.metadata?.deletionTimestamp) {
      this.#fail(
        'The StyrminDeployment resource was deleted while its instance was being deployed',
      );
      return;
    }
    if (resource.spec.instanceId !== instanceId) {
      this.#conflict = new RunConflictError(
        `Instance ${resource.spec.instanceId} took over the StyrminDeployment resource from instance ${instanceId}`,
      );
      return;
    }
    const ready = findCondition(
      resource.status?.conditions,
      ConditionType.Ready,
    );
    if (
      ready?.observedGeneration === resource.metadata?.generation &&
      ready?.reason === Reason.InvalidSpec
    ) {
      this.#fail(ready!.message);
      return;
    }
    for (const { step, status, error, message } of observePhaseSteps(
      resource,
    )) {
      this.#enqueue(step, status, error ?? message);
    }
  }

  /** Fails the first operator step that has not ended. */
  #fail(error: string) {
    const step = PHASE_CONDITIONS.map(([s]) => s).find(
      s => !['SUCCEEDED', 'FAILED'].includes(this.#reported.get(s) ?? ''),
    );
    if (step) {
      this.#enqueue(step, 'FAILED', error);
    }
  }

  /** `message`: with FAILED the error, with SUCCEEDED what the phase did (the step's line). */
  #enqueue(step: OperatorStep, status: PhaseStepStatus, message?: string) {
    this.#handling = this.#handling
      .then(() => this.#handle(step, status, message))
      .catch(handled => {
        if (handled instanceof RunConflictError) {
          this.#conflict = handled;
        } else if (!this.#run.signal.aborted) {
          this.#run.log.error('Could not report an operator step', {
            step,
            error: String(handled),
          });
        }
      })
      .finally(() => this.#wake?.());
  }

  async #handle(step: OperatorStep, status: PhaseStepStatus, message?: string) {
    if (!this.#run.step(step)) {
      return; // the task does not plan it
    }
    for (const report of phaseStepReports(this.#reported.get(step), status)) {
      if (report === 'RUNNING') {
        await this.#run.startStep(step);
      } else if (report === 'SUCCEEDED') {
        if (message) {
          this.#run.noteStep(step, message);
        }
        await this.#run.endStep(step, { status: 'SUCCEEDED' });
      } else {
        const error = message ?? 'The operator failed';
        await this.#run.endStep(step, { status: 'FAILED', error });
        this.#errors.set(step, error);
      }
      this.#reported.set(step, report);
    }
  }
}
