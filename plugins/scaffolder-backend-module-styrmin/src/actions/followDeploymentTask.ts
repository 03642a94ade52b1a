import { LoggerService } from '@backstage/backend-plugin-api';
import { StyrminClient } from '@styrmin/sdk';
import { describeTaskFailure, followTask } from './followTask';
import {
  ActionDeployment,
  describeStyrminError,
  StyrminActionServices,
} from './StyrminActionServices';

/** What of a template action's context following a task uses. */
export type FollowingActionContext = {
  logger: LoggerService;
  signal?: AbortSignal;
  output(name: 'taskId' | 'taskResult' | 'state', value: string): void;
};

/**
 * Options of {@link followDeploymentTask}.
 */
export type FollowDeploymentTaskOptions = {
  ctx: FollowingActionContext;
  client: StyrminClient;
  styrmin: StyrminActionServices;
  deployment: ActionDeployment;
  /** The task that applies the change. */
  taskId: string;
  /** How long to follow before failing; 60 minutes when absent. */
  timeoutMinutes?: number;
};

/**
 * Follows the task that applies a template action's change of a deployment (see
 * {@link followTask}), fails the action when its result is FAILED, and otherwise outputs
 * the task, its result and the deployment's state then.
 */
export async function followDeploymentTask(
  options: FollowDeploymentTaskOptions,
): Promise<void> {
  const { ctx, client, styrmin, deployment, taskId } = options;
  let task;
  try {
    task = await followTask({
      client,
      logger: ctx.logger,
      taskId,
      pollIntervalMs: styrmin.pollIntervalMs,
      timeoutMs: (options.timeoutMinutes ?? 60) * 60_000,
      signal: ctx.signal,
    });
  } catch (error) {
    throw describeStyrminError(error, `follow the deployment's task`);
  }
  // The task of a deployment's change: never an environment task, which has none.
  const state = task.deployment?.state ?? 'unknown';
  const deploymentUrl = styrmin.deploymentUrl(deployment);
  if (task.result === 'FAILED') {
    throw new Error(
      `${describeTaskFailure(task)}; the deployment ${
        deployment.environment.name
      }/${deployment.name} is ${state}: ${deploymentUrl}`,
    );
  }
  ctx.logger.info(
    `The ${task.type} task ended ${task.result}; the deployment is ${state}: ${deploymentUrl}`,
  );
  ctx.output('taskId', task.id);
  ctx.output('taskResult', task.result);
  ctx.output('state', state);
}
