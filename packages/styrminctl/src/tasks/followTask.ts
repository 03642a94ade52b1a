import {
  DeploymentTaskResult,
  StyrminClient,
  Task,
  TaskTree,
} from '@styrmin/sdk';
import { CommandRuntime } from '../CommandRuntime';
import { deploymentRow, taskSummary } from '../records/views';
import { formatTaskTree } from './formatTaskTree';
import { waitForTask } from './waitForTask';

/** A task whose result is FAILED: styrminctl exits non-zero. */
export class TaskFailedError extends Error {
  name = 'TaskFailedError';
}

/**
 * What `--wait` does for a task a command started: follows it until its result is final
 * (progress on stderr, at most `timeout` seconds when given) and answers its step tree.
 */
export async function waitForTaskResult(
  context: CommandRuntime,
  client: StyrminClient,
  task: Pick<Task, 'id' | 'type'>,
  options: { timeout?: number },
): Promise<TaskTree> {
  context.notice(`Waiting for task ${task.id} (${task.type})...`);
  const interval = Number(context.env.STYRMIN_WAIT_INTERVAL_MS);
  return waitForTask({
    client,
    taskId: task.id,
    intervalMs: interval > 0 ? interval : undefined,
    timeoutMs:
      options.timeout === undefined ? undefined : options.timeout * 1000,
    progress: line => context.notice(line),
  });
}

/** Fails the command when the task's result is FAILED, naming the deployment's state. */
export function failOnFailedTask(
  tree: TaskTree,
  deployment: { state: string; stateReason: string | null },
): void {
  if (tree.result === 'FAILED') {
    throw new TaskFailedError(
      `Task ${tree.id} (${tree.type}) FAILED; the deployment is ${
        deployment.state
      }${deployment.stateReason ? `: ${deployment.stateReason}` : ''}`,
    );
  }
}

/**
 * Prints what a stop or start of components, or a job, started; with `--wait`, first
 * follows its task until the result is final, then prints the deployment and the task's
 * step tree (a failed step with the end of its command's output). A FAILED result fails
 * the command, after the tree is printed.
 */
export async function followTask(
  context: CommandRuntime,
  client: StyrminClient,
  result: DeploymentTaskResult,
  options: { wait?: boolean; timeout?: number },
): Promise<void> {
  if (!options.wait) {
    context.print(result, {
      tables: [
        { ...deploymentRow(result.deployment), task: taskSummary(result.task) },
      ],
    });
    return;
  }
  const tree = await waitForTaskResult(context, client, result.task, options);
  const deployment = {
    ...result.deployment,
    ...(await client.deployment({ id: result.deployment.id })),
  };
  context.print(
    { deployment, task: tree },
    {
      tables: [deploymentRow(deployment), formatTaskTree(tree).trimEnd()],
    },
  );
  failOnFailedTask(tree, deployment);
}
