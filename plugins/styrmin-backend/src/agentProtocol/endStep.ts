import { isError } from '@backstage/errors';
import {
  APPLY_STYRMIN_DEPLOYMENT_STEP,
  AgentStepResponse,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { retryOnDeadlock } from '../database/retryOnDeadlock';
import { FlowRunLease } from '../flows/FlowRunStore';
import { Step, Task } from '../tasks/TaskStore';
import { deploymentIdOf } from '../tasks/deploymentIdOf';
import { AgentProtocolDeps } from './AgentProtocolDeps';
import {
  checkErrorSize,
  checkOutputTail,
  checkStepLines,
} from './agentRequests';
import { AgentCaller } from './authenticateAgent';
import {
  findClusterRun,
  findRunStep,
  holdsLease,
  lostLease,
} from './clusterRecords';
import { lockEnvironmentOf } from './lockEnvironmentOf';
import { redactLines, runTextRedactor } from './redactRunText';
import { toAgentStep } from './startStep';

/** @internal */
export type EndStepOptions = {
  caller: AgentCaller;
  runId: string;
  stepId: string;
  owner: string;
  attempt: number;
  stepAttempt: number;
  status: 'SUCCEEDED' | 'FAILED';
  error?: string;
  outputTail?: string;
  /** What the attempt did, in order: they replace the step's lines. */
  lines?: string[];
};

/**
 * `POST /runs/:runId/steps/:stepId/end`: ends attempt `stepAttempt` of a RUNNING step under
 * the run's lease; a failure keeps its error and the end of the failed command's output, a
 * success the end of its command's output (a run_job task's Job), and either the lines
 * that say what the attempt did (they replace the step's lines), secrets redacted. The
 * same end again is answered with the step as it is.
 *
 * When the step that applies the StyrminDeployment resource SUCCEEDED, the new instance has
 * taken the resource over: the steps of the deployment's older tasks that had not ended
 * are SUPERSEDED by this task, in the same transaction.
 *
 * @internal
 */
export async function endStep(
  deps: AgentProtocolDeps,
  options: EndStepOptions,
): Promise<AgentStepResponse> {
  const { caller, runId, stepId, owner, attempt, stepAttempt, status } =
    options;
  checkErrorSize(options.error);
  checkOutputTail(options.outputTail);
  checkStepLines(options.lines);
  const lease: FlowRunLease = { flowRunId: runId, owner, attempt };
  const isEnded = (step: Step) =>
    step.status === status && step.attempts === stepAttempt;
  try {
    return await retryOnDeadlock(() =>
      deps.knex.transaction(async tx => {
        const run = await findClusterRun(deps, {
          tx,
          cluster: caller.cluster,
          runId,
        });
        const { task, step } = await findRunStep(deps, { tx, run, stepId });
        const takesOver =
          status === 'SUCCEEDED' && step.name === APPLY_STYRMIN_DEPLOYMENT_STEP;
        if (takesOver) {
          await lockEnvironmentOf(tx, deploymentIdOf(task));
        }
        if (isEnded(step)) {
          if (!holdsLease(run, lease)) {
            throw lostLease(run, lease);
          }
          return { step: toAgentStep(step) };
        }
        // Only what the agent wrote needs the redactor's reads.
        const redact =
          options.error === undefined &&
          options.outputTail === undefined &&
          options.lines === undefined
            ? (text: string) => text
            : await runTextRedactor(deps, {
                tx,
                run,
                deploymentId: deploymentIdOf(task),
                caller,
              });
        const output =
          options.outputTail === undefined
            ? undefined
            : redact(options.outputTail);
        if (status === 'SUCCEEDED') {
          await deps.tasks.succeedStep({
            tx,
            stepId,
            lease,
            stepAttempt,
            output,
          });
          if (takesOver) {
            await supersedeOlderTasks(deps, { tx, task });
          }
        } else {
          await deps.tasks.failStep({
            tx,
            stepId,
            lease,
            stepAttempt,
            message: redact(options.error!),
            output,
          });
        }
        await deps.tasks.recordStepLines({
          tx,
          stepId,
          lines: redactLines(options.lines ?? [], redact),
        });
        deps.changes.notify({ tx, deploymentIds: [deploymentIdOf(task)] });
        return {
          step: toAgentStep((await deps.tasks.getStep({ tx, stepId }))!),
        };
      }),
    );
  } catch (error) {
    // An identical end that raced this one and won is this one's answer too.
    if (isError(error) && error.name === 'ConflictError') {
      const [step, run] = await Promise.all([
        deps.tasks.getStep({ stepId }),
        deps.flowRuns.getFlowRun({ flowRunId: runId }),
      ]);
      if (step && run && isEnded(step) && holdsLease(run, lease)) {
        return { step: toAgentStep(step) };
      }
    }
    throw error;
  }
}

/**
 * Supersedes what had not ended of the deployment's older open tasks, except those that
 * started this one (through hook steps, at any depth): they go on after it.
 */
async function supersedeOlderTasks(
  deps: Pick<AgentProtocolDeps, 'tasks'>,
  options: { tx: Knex.Transaction; task: Task },
): Promise<void> {
  const { tx, task } = options;
  const open = await deps.tasks.listTasks({
    tx,
    deploymentId: deploymentIdOf(task),
    statuses: ['SCHEDULED', 'RUNNING'],
  });
  const older = open.slice(
    0,
    open.findIndex(t => t.id === task.id),
  );
  if (older.length === 0) {
    return;
  }
  const graphs = await deps.tasks.getTaskGraphs({
    tx,
    taskIds: older.map(t => t.id),
  });
  const ancestors = new Set(
    graphs
      .filter(graph => graph.tasks.some(t => t.id === task.id))
      .map(graph => graph.taskId),
  );
  for (const olderTask of older) {
    if (!ancestors.has(olderTask.id)) {
      await deps.tasks.supersedeSteps({
        tx,
        taskId: olderTask.id,
        supersededByTaskId: task.id,
      });
    }
  }
}
