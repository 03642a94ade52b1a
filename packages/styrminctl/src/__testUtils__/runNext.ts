import { AgentFlowRun, AgentProtocolClient } from '@styrmin/sdk';

/**
 * A scripted agent: claims the next run of its cluster and runs its steps, failing the one
 * named in `fail` with its error and output. `onStep` runs before a step ends, as an agent
 * reports what it observed (a Velero phase) while the step waits for it.
 */
export async function runNext(
  agent: AgentProtocolClient,
  options: {
    fail?: { step: string; error: string; outputTail?: string };
    onStep?: (step: AgentFlowRun['task']['steps'][number]) => Promise<void>;
  } = {},
): Promise<AgentFlowRun> {
  const owner = `agent-${Math.random().toString(36).slice(2)}`;
  const run = await agent.claim({ owner, waitSeconds: 20 });
  if (!run) {
    throw new Error('No run came');
  }
  const lease = { runId: run.id, owner, attempt: run.attempt };
  for (const step of run.task.steps) {
    const stepAttempt = step.attempts + 1;
    await agent.startStep({ ...lease, stepId: step.id, stepAttempt });
    await options.onStep?.(step);
    if (options.fail?.step === step.name) {
      const { error, outputTail } = options.fail;
      await agent.endStep({
        ...lease,
        stepId: step.id,
        stepAttempt,
        status: 'FAILED',
        error,
        outputTail,
      });
      await agent.completeRun({ ...lease, state: 'FAILED', error });
      return run;
    }
    await agent.endStep({
      ...lease,
      stepId: step.id,
      stepAttempt,
      status: 'SUCCEEDED',
    });
  }
  await agent.completeRun({ ...lease, state: 'SUCCEEDED' });
  return run;
}
