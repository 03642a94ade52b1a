import { StyrminDeploymentClient } from '../cluster/StyrminDeploymentClient';
import { sleep } from '../cluster/sleep';
import { ConditionType, findCondition, Reason } from '../operator/conditions';
import { describeError } from '../operator/describeError';
import { OperatorStep, StepEvent } from '../operator/StepRecorder';
import { StyrminDeployment } from '../operator/StyrminDeployment';
import { ClaimedRun, RunConflictError } from './ClaimedRun';

/** The condition of each operator phase, by its step. */
const PHASE_CONDITIONS: ReadonlyArray<[OperatorStep, ConditionType]> = [
  [OperatorStep.EnsureNamespace, ConditionType.NamespaceReady],
  [OperatorStep.ApplyChartSource, ConditionType.ChartSourceReady],
  [OperatorStep.InstallOrUpgradeHelmRelease, ConditionType.HelmReleaseReady],
  [OperatorStep.ApplyServices, ConditionType.ServicesReady],
];

type Observed = StepEvent['status'];

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
  deployments: StyrminDeploymentClient;
  /** How often the resource is read while no step event comes. Default 2 s. */
  pollIntervalMs?: number;
  /** How long the operator may take for its phases. Default 30 minutes. */
  timeoutMs?: number;
}

/**
 * The operator's phases of one run, as steps of its task. The operator reconciles on its
 * own and knows nothing of runs; what it does reaches the run two ways, and both lead to
 * the same reports:
 * - its step events, which the OperatorStepForwarder hands over as they happen (the timely
 *   way: a step starts and ends when the phase does);
 * - the StyrminDeployment's conditions, read while the worker waits: each phase's
 *   condition at the resource's generation says whether its step runs, succeeded or failed.
 *   This is the way that never loses anything: after a restart the operator does not repeat
 *   what it reported before, and its events may have died with the agent.
 *
 * Only what concerns this run counts: the events of its task and instance, and the
 * resource while it holds its instance. A newer instance in the resource means a newer task
 * took over (the server supersedes this run's open steps): waiting ends with a
 * RunConflictError.
 *
 * @public
 */
export class OperatorPhaseSteps {
  readonly #run: ClaimedRun;
  readonly #deployments: StyrminDeploymentClient;
  readonly #pollIntervalMs: number;
  readonly #timeoutMs: number;
  /** What this claim has reported of each operator step. */
  readonly #reported = new Map<OperatorStep, Observed>();
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

  /** A step event of the operator; the forwarder hands over only this task's. */
  observe(event: StepEvent): void {
    if (event.instanceId !== this.#run.run.instance?.id) {
      return;
    }
    this.#enqueue(event.step, event.status, event.error);
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
    const generation = resource.metadata?.generation;
    const conditions = resource.status?.conditions;
    const ready = findCondition(conditions, ConditionType.Ready);
    if (
      ready?.observedGeneration === generation &&
      ready?.reason === Reason.InvalidSpec
    ) {
      this.#fail(ready!.message);
      return;
    }
    for (const [step, type] of PHASE_CONDITIONS) {
      const condition = findCondition(conditions, type);
      if (!condition || condition.observedGeneration !== generation) {
        continue;
      }
      if (condition.status === 'True') {
        this.#enqueue(step, 'SUCCEEDED');
      } else if (condition.status === 'False') {
        this.#enqueue(step, 'FAILED', condition.message);
      } else if (condition.reason !== Reason.Pending) {
        this.#enqueue(step, 'RUNNING');
      }
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

  #enqueue(step: OperatorStep, status: Observed, error?: string) {
    this.#handling = this.#handling
      .then(() => this.#handle(step, status, error))
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

  async #handle(step: OperatorStep, status: Observed, error?: string) {
    if (!this.#run.step(step)) {
      return; // the task does not plan it
    }
    const reported = this.#reported.get(step);
    if (reported === 'SUCCEEDED' || reported === 'FAILED') {
      return;
    }
    if (reported !== 'RUNNING') {
      await this.#run.startStep(step);
      this.#reported.set(step, 'RUNNING');
    }
    if (status === 'SUCCEEDED') {
      await this.#run.endStep(step, { status: 'SUCCEEDED' });
    } else if (status === 'FAILED') {
      const message = error ?? 'The operator failed';
      await this.#run.endStep(step, { status: 'FAILED', error: message });
      this.#errors.set(step, message);
    }
    this.#reported.set(step, status);
  }
}
