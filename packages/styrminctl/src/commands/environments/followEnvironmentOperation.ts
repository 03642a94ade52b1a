import { EnvironmentOperation, StyrminClient } from '@styrmin/sdk';
import { CommandRuntime } from '../../CommandRuntime';
import { taskSummary } from '../../records/views';
import { TaskFailedError, waitForTaskResult } from '../../tasks/followTask';
import { formatTaskTree } from '../../tasks/formatTaskTree';

/**
 * What an environment operation's command does once the operation started: prints its
 * parent task; with `--wait`, follows it until its result is final and prints its step
 * tree, the deployments' tasks under the steps that started them (a failed step with its
 * error and output), failing the command when the result is FAILED, with `failed`'s words.
 */
export async function followEnvironmentOperation(
  context: CommandRuntime,
  client: StyrminClient,
  operation: EnvironmentOperation,
  options: { wait?: boolean; timeout?: number; failed: string },
): Promise<void> {
  const { task, environment } = operation;
  if (!options.wait) {
    context.print(operation, {
      table: {
        environment: environment.name,
        id: task.id,
        task: taskSummary(task),
      },
    });
    return;
  }
  const tree = await waitForTaskResult(context, client, task, options);
  context.print(
    { environment, task: tree },
    { tables: [formatTaskTree(tree).trimEnd()] },
  );
  if (tree.result === 'FAILED') {
    throw new TaskFailedError(
      `Task ${tree.id} (${tree.type}) FAILED: ${options.failed}`,
    );
  }
}
