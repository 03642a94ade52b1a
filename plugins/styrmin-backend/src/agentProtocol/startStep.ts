import { isError } from '@backstage/errors';
import { AgentStep, AgentStepResponse } from '@styrmin/plugin-styrmin-common';
import { FlowRunLease } from '../flows/FlowRunStore';
import { Step } from '../tasks/TaskStore';
import { deploymentIdOf } from '../tasks/deploymentIdOf';
import { AgentProtocolDeps } from './AgentProtocolDeps';
import { AgentCaller } from './authenticateAgent';
import {
  findClusterRun,
  findRunStep,
  holdsLease,
  lostLease,
} from './clusterRecords';

/** @internal */
export type StartStepOptions = {
  caller: AgentCaller;
  runId: string;
  stepId: string;
  owner: string;
  attempt: number;
  stepAttempt: number;
};

/**
 * `POST /runs/:runId/steps/:stepId/start`: begins attempt `stepAttempt` of the step, under
 * the run's lease. The same start again is answered with the step as it is; a step that
 * SUCCEEDED is never started again, and a SUPERSEDED one neither (CONFLICT).
 *
 * @internal
 */
export async function startStep(
  deps: AgentProtocolDeps,
  options: StartStepOptions,
): Promise<AgentStepResponse> {
  const { caller, runId, stepId, owner, attempt, stepAttempt } = options;
  const lease: FlowRunLease = { flowRunId: runId, owner, attempt };
  const run = await findClusterRun(deps, {
    cluster: caller.cluster,
    runId,
  });
  const { task, step } = await findRunStep(deps, { run, stepId });
  if (isStarted(step, stepAttempt)) {
    if (!holdsLease(run, lease)) {
      throw lostLease(run, lease);
    }
    return { step: toAgentStep(step) };
  }
  try {
    await deps.tasks.startStep({ stepId, lease, stepAttempt });
  } catch (error) {
    // An identical start that raced this one and won is this one's answer too.
    const now = await deps.tasks.getStep({ stepId });
    if (!(isError(error) && error.name === 'ConflictError' && now)) {
      throw error;
    }
    const runNow = await deps.flowRuns.getFlowRun({ flowRunId: runId });
    if (!isStarted(now, stepAttempt) || !runNow || !holdsLease(runNow, lease)) {
      throw error;
    }
  }
  deps.changes.notify({ deploymentIds: [deploymentIdOf(task)] });
  return { step: toAgentStep((await deps.tasks.getStep({ stepId }))!) };
}

function isStarted(step: Step, stepAttempt: number): boolean {
  return step.status === 'RUNNING' && step.attempts === stepAttempt;
}

/** A step as the agent sees it. @internal */
export function toAgentStep(step: Step): AgentStep {
  return {
    id: step.id,
    name: step.name,
    position: step.position,
    status: step.status,
    attempts: step.attempts,
  };
}
