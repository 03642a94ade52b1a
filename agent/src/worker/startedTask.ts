import {
  AgentTaskStart,
  ComponentFlow,
  PromptAnswers,
  TASK_TYPE_OF_FLOW,
} from '@styrmin/plugin-styrmin-common';
import { ClaimedRun } from './ClaimedRun';
import { ComponentFlowDeps, componentFlowSteps } from './componentFlowSteps';
import { runFlow } from './runFlow';
import { FlowStepRunners } from './StepRunner';

/**
 * An action primitive that starts a component task (stop_components, start_components,
 * restart_components): the task is
 * started through the agent protocol from the hook step that runs the action, which links
 * it to the step; its run, claimed for this agent in the same call, runs here and now,
 * while the step waits for it (the worker's other slots are not needed, and the runs of
 * one deployment still never overlap). The primitive fails when the task does not
 * succeed, and then the action and its hook step fail too.
 *
 * A call sent again (no answer came) finds the task it started; a task that ended already
 * is not run again.
 */
export async function runStartedTask(
  context: Omit<ComponentFlowDeps, 'run'> & { run: ClaimedRun },
  options: { stepName: string; flow: ComponentFlow; components: string[] },
): Promise<void> {
  const { stepName, flow, components } = options;
  await runTaskOfStep(context.run, {
    stepName,
    start: { flow, components },
    steps: child => componentFlowSteps({ ...context, run: child }),
  });
}

/**
 * Starts a task from a step and runs its run here and now, with `steps`, while the step
 * waits (see {@link runStartedTask}); fails unless the task succeeds.
 */
export async function runTaskOfStep(
  run: ClaimedRun,
  options: {
    stepName: string;
    start: AgentTaskStart;
    steps: (child: ClaimedRun) => FlowStepRunners;
  },
): Promise<void> {
  const { stepName, start } = options;
  const started = await run.startTask(stepName, start);
  const what = `The ${TASK_TYPE_OF_FLOW[start.flow]} task ${started.task.id}`;
  if (!started.run) {
    if (started.task.status !== 'SUCCEEDED') {
      throw new Error(`${what} is ${started.task.status}`);
    }
    return;
  }
  const child = run.holdStarted(started.run, started.owner);
  try {
    const outcome = await runFlow(child, options.steps(child));
    if (outcome.state === 'FAILED') {
      throw new Error(`${what} failed: ${outcome.error}`);
    }
    if (outcome.state === 'LEFT') {
      throw new Error(`${what} was left to its lease`);
    }
  } finally {
    child.release();
  }
}

/**
 * upgrade_deployment_version: the upgrade of the run's deployment is started through the
 * agent protocol from the hook step, which links it to the step, and resolves with its
 * task. Its run is not claimed here: it runs after this run has ended, as the runs of one
 * deployment do (the worker's order), so the step does not wait for it, which would wait
 * for itself. A call sent again finds the task it started.
 */
export async function startUpgrade(
  context: { run: ClaimedRun },
  options: { stepName: string; driverVersion: string; prompts?: PromptAnswers },
): Promise<{ taskId: string }> {
  const { stepName, driverVersion, prompts } = options;
  const started = await context.run.startTask(stepName, {
    flow: 'UPGRADE_INSTANCE',
    driverVersion,
    ...(prompts ? { prompts } : {}),
  });
  return { taskId: started.task.id };
}
