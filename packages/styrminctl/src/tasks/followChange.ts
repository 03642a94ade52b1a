import { DeploymentChangeResult, StyrminClient } from '@styrmin/sdk';
import { CommandContext } from '../CommandContext';
import { changeTables } from '../records/views';
import { formatTaskTree } from './formatTaskTree';
import { waitForTask } from './waitForTask';

/** The options `--wait` adds to the commands that change a deployment. */
export type WaitOptions = {
  wait?: boolean;
  /** Seconds; no limit when absent. */
  timeout?: number;
};

/** A task whose result is FAILED: styrminctl exits non-zero. */
export class TaskFailedError extends Error {
  name = 'TaskFailedError';
}

/**
 * Prints what a change did; with `--wait`, first follows its task until the result is
 * final (progress on stderr), then prints the change with the task as it ended and its
 * step tree. A FAILED result fails the command, after the tree is printed.
 */
export async function followChange(
  context: CommandContext,
  client: StyrminClient,
  result: DeploymentChangeResult,
  options: WaitOptions,
): Promise<void> {
  const { task } = result;
  if (!options.wait || !task) {
    if (options.wait) {
      context.notice('Nothing changed: no task to wait for');
    }
    context.print(result, { tables: changeTables(result) });
    return;
  }
  context.notice(`Waiting for task ${task.id} (${task.type})...`);
  const interval = Number(context.env.STYRMIN_WAIT_INTERVAL_MS);
  const tree = await waitForTask({
    client,
    taskId: task.id,
    intervalMs: interval > 0 ? interval : undefined,
    timeoutMs:
      options.timeout === undefined ? undefined : options.timeout * 1000,
    progress: line => context.notice(line),
  });
  const deployment =
    (await client.deployment({ id: result.deployment.id })) ??
    result.deployment;
  const final = {
    ...result,
    deployment: { ...result.deployment, ...deployment },
    task: tree,
  };
  context.print(final, {
    tables: [
      ...changeTables({ ...final, task: { ...task, ...tree } }),
      formatTaskTree(tree).trimEnd(),
    ],
  });
  if (tree.result === 'FAILED') {
    throw new TaskFailedError(
      `Task ${tree.id} (${tree.type}) FAILED; the deployment is ${
        final.deployment.state
      }${
        final.deployment.stateReason ? `: ${final.deployment.stateReason}` : ''
      }`,
    );
  }
}
