import { StyrminApiError } from '@styrmin/sdk';
import type {
  AgentFlowRun,
  AgentProtocolClient,
  AgentRunLease,
} from '@styrmin/sdk';

/** What a scripted agent does with a claimed run. */
export type ScriptedRunOptions = {
  /** Fails this step (by name) with the error and output tail, and the run with it. */
  fail?: { step: string; error: string; outputTail?: string };
  /** The output tail that a step (by name) ends SUCCEEDED with. */
  outputTails?: Record<string, string>;
  /**
   * Called before each step starts; returning `'crash'` stops the agent there, without a
   * word to the server (as a killed process would).
   */
  beforeStep?: (step: { id: string; name: string }) => 'crash' | void;
  /** Called after each step ended, with the same choice. */
  afterStep?: (step: { id: string; name: string }) => 'crash' | void;
  /**
   * Called when a step starts, to record what ran (the test's "side effects"); the step
   * ends once what it returns has settled, as a real step ends after its work.
   */
  onRun?: (step: { id: string; name: string }) => unknown;
  /** Before completing the run. */
  beforeComplete?: () => 'crash' | void;
};

/** How a scripted run ended, as far as the agent knows. */
export type ScriptedRunOutcome =
  | 'SUCCEEDED'
  | 'FAILED'
  | 'CRASHED'
  /** The server refused a report: the run is no longer the agent's. */
  | 'LOST';

/**
 * A scripted agent: runs a claimed run's remaining steps in order over the agent protocol,
 * as the real agent's worker would, with hooks to fail a step or die anywhere.
 */
export async function runScripted(
  client: AgentProtocolClient,
  run: AgentFlowRun,
  owner: string,
  options: ScriptedRunOptions = {},
): Promise<ScriptedRunOutcome> {
  const lease: AgentRunLease = { runId: run.id, owner, attempt: run.attempt };
  try {
    for (const step of run.task.steps) {
      if (step.status === 'SUCCEEDED' || step.status === 'SUPERSEDED') {
        continue;
      }
      if (options.beforeStep?.(step) === 'crash') {
        return 'CRASHED';
      }
      const stepAttempt = step.attempts + 1;
      await client.startStep({ ...lease, stepId: step.id, stepAttempt });
      await options.onRun?.(step);
      if (options.fail?.step === step.name) {
        const { error, outputTail } = options.fail;
        await client.endStep({
          ...lease,
          stepId: step.id,
          stepAttempt,
          status: 'FAILED',
          error,
          outputTail,
        });
        await client.completeRun({ ...lease, state: 'FAILED', error });
        return 'FAILED';
      }
      await client.endStep({
        ...lease,
        stepId: step.id,
        stepAttempt,
        status: 'SUCCEEDED',
        outputTail: options.outputTails?.[step.name],
      });
      if (options.afterStep?.(step) === 'crash') {
        return 'CRASHED';
      }
    }
    if (options.beforeComplete?.() === 'crash') {
      return 'CRASHED';
    }
    await client.completeRun({ ...lease, state: 'SUCCEEDED' });
    return 'SUCCEEDED';
  } catch (error) {
    if (error instanceof StyrminApiError && error.code === 'CONFLICT') {
      return 'LOST';
    }
    throw error;
  }
}
