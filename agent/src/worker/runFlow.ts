import { describeError } from '../logging/describeError';
import { ClaimedRun, RunConflictError } from './ClaimedRun';
import { FlowStepRunners } from './StepRunner';
import { OperatorStepFailedError } from './OperatorPhaseSteps';

/** The output of a failed command, which errors of the primitives carry. */
const outputOf = (error: unknown): string | undefined => {
  const output = (error as { output?: unknown } | undefined)?.output;
  return typeof output === 'string' && output ? output : undefined;
};

/**
 * How a run that runFlow ran ended: reported SUCCEEDED or FAILED (with the error), or left
 * to its lease (the lease was lost or the agent stops).
 */
export type RunFlowOutcome =
  | { state: 'SUCCEEDED' }
  | { state: 'FAILED'; error: string }
  | { state: 'LEFT' };

const LEFT = { state: 'LEFT' } as const;

/**
 * Runs the steps of a claimed run's task in their order, each through the flow's step of
 * the same name, and reports the run's end. Steps that SUCCEEDED (in an earlier attempt) or
 * were SUPERSEDED are never run again. A step that fails ends the run FAILED with its error
 * (and the failed command's output on the step); one that succeeds ends with the output of
 * the command it ran, if it ran one. When the server's state moved on (a newer
 * task superseded the rest of this one), the run ends SUCCEEDED if nothing is left to run,
 * else FAILED. When the lease is lost or the agent stops, nothing more is reported: the
 * run is left to its lease and the next claim goes on from the recorded steps. Resolves
 * with how the run ended.
 */
export async function runFlow(
  run: ClaimedRun,
  steps: FlowStepRunners,
): Promise<RunFlowOutcome> {
  for (const step of run.steps) {
    if (step.status === 'SUCCEEDED' || step.status === 'SUPERSEDED') {
      continue;
    }
    const implementation = steps(step.name);
    try {
      if (!implementation) {
        throw new Error(
          `This agent does not know the step "${step.name}" of flow ${run.run.flow}`,
        );
      }
      if (!implementation.reportsItself) {
        await run.startStep(step.name);
      }
      const result = await implementation.run(run.signal);
      if (!implementation.reportsItself) {
        await run.endStep(step.name, {
          status: 'SUCCEEDED',
          output: result?.output,
        });
      }
    } catch (error) {
      if (run.signal.aborted) {
        return LEFT;
      }
      if (error instanceof RunConflictError) {
        return endAfterConflict(run, error);
      }
      const message = describeError(error);
      const failed = {
        state: 'FAILED' as const,
        error: `${step.name}: ${message}`,
      };
      try {
        if (!(error instanceof OperatorStepFailedError)) {
          await run.startStep(step.name);
          await run.endStep(step.name, {
            status: 'FAILED',
            error: message,
            output: outputOf(error),
          });
        }
        await run.complete(failed);
        return failed;
      } catch (reportError) {
        if (reportError instanceof RunConflictError) {
          return endAfterConflict(run, reportError);
        }
        if (!run.signal.aborted) {
          throw reportError;
        }
        return LEFT;
      }
    }
  }
  try {
    await run.complete({ state: 'SUCCEEDED' });
    return { state: 'SUCCEEDED' };
  } catch (error) {
    if (error instanceof RunConflictError) {
      return endAfterConflict(run, error);
    }
    if (!run.signal.aborted) {
      throw error;
    }
    return LEFT;
  }
}

/**
 * After a conflict: a newer task superseded what was left of this one, and then the run
 * succeeded with nothing left to do; otherwise it fails with the conflict. Should even that
 * conflict (the lease is gone), the run is left to its lease.
 */
async function endAfterConflict(
  run: ClaimedRun,
  conflict: RunConflictError,
): Promise<RunFlowOutcome> {
  run.log.info('The server moved on; ending the run', {
    reason: conflict.message,
  });
  for (const outcome of [
    { state: 'SUCCEEDED' as const },
    { state: 'FAILED' as const, error: conflict.message },
  ]) {
    try {
      await run.complete(outcome);
      return outcome;
    } catch (error) {
      if (!(error instanceof RunConflictError)) {
        if (!run.signal.aborted) {
          run.log.error('Could not end the run', { error: String(error) });
        }
        return LEFT;
      }
    }
  }
  return LEFT;
}
