import { ConflictError, NotFoundError } from '@backstage/errors';
import { retryOnDeadlock } from '../database/retryOnDeadlock';
import { isUuid } from '../database/uuid';
import { FlowRunLease } from '../flows/FlowRunStore';
import { deploymentIdOf } from '../tasks/deploymentIdOf';
import { AgentProtocolDeps } from './AgentProtocolDeps';
import { AgentCaller } from './authenticateAgent';
import {
  findClusterDeployment,
  findClusterRun,
  findRunStep,
  holdsLease,
  lostLease,
} from './clusterRecords';

/** @internal */
export type LinkStartedTaskOptions = {
  caller: AgentCaller;
  runId: string;
  stepId: string;
  owner: string;
  attempt: number;
  taskId: string;
};

/**
 * `POST /runs/:runId/steps/:stepId/links`: records that a RUNNING (hook) step started a
 * task of a deployment of the same cluster, so that the task shows under the step and its
 * result counts in this task's. Linking it again is answered the same; a task that another
 * step started is CONFLICT.
 *
 * @internal
 */
export async function linkStartedTask(
  deps: AgentProtocolDeps,
  options: LinkStartedTaskOptions,
): Promise<{ stepId: string; taskId: string }> {
  const { caller, runId, stepId, owner, attempt, taskId } = options;
  const lease: FlowRunLease = { flowRunId: runId, owner, attempt };
  return retryOnDeadlock(() =>
    deps.knex.transaction(async tx => {
      const run = await findClusterRun(deps, {
        tx,
        cluster: caller.cluster,
        runId,
      });
      const { task, step } = await findRunStep(deps, { tx, run, stepId });
      const started = isUuid(taskId)
        ? await deps.tasks.getTask({ tx, taskId })
        : undefined;
      const notFound = new NotFoundError(`No task ${taskId}`);
      if (!started) {
        throw notFound;
      }
      await findClusterDeployment(deps, {
        tx,
        cluster: caller.cluster,
        deploymentId: deploymentIdOf(started),
      }).catch(() => {
        throw notFound;
      });
      if (!holdsLease(run, lease)) {
        throw lostLease(run, lease);
      }
      if (!step.startedTaskIds.includes(taskId)) {
        if (taskId === task.id) {
          throw new ConflictError(`Task ${taskId} cannot start itself`);
        }
        if (step.status !== 'RUNNING') {
          throw new ConflictError(
            `Step ${stepId} ("${step.name}") is ${step.status}: only a running step starts tasks`,
          );
        }
        await deps.tasks.linkStartedTask({ tx, stepId, startedTaskId: taskId });
        deps.changes.notify({ tx, deploymentIds: [deploymentIdOf(task)] });
      }
      return { stepId, taskId };
    }),
  );
}
