import { StyrminClient, Task, TaskTree } from '@styrmin/sdk';
import { CommandRuntime } from '../../CommandRuntime';
import { TaskFailedError, waitForTaskResult } from '../../tasks/followTask';
import { formatTaskTree } from '../../tasks/formatTaskTree';

/** What a backup command started, and what it prints once its task has ended. */
export interface StartedBackupTask {
  /** What the API answered, as JSON and YAML print it. */
  value: unknown;
  /** What the table format prints of it. */
  table: unknown;
  task: Pick<Task, 'id' | 'type'> | null;
  /**
   * What to print once the task's result is final (the record read again), and, for a
   * FAILED result, what failed in words.
   */
  ended: (
    tree: TaskTree,
  ) => Promise<{ value: unknown; table: unknown; failure: string }>;
}

/**
 * Prints what `backups create|delete|restore` started; with `--wait`, first follows its
 * task until the result is final (progress on stderr, as `deployments create --wait`),
 * then prints what `ended` reads and the task's step tree. A FAILED result fails the
 * command, after the tree is printed.
 */
export async function followBackupTask(
  context: CommandRuntime,
  client: StyrminClient,
  started: StartedBackupTask,
  options: { wait?: boolean; timeout?: number },
): Promise<void> {
  const { task } = started;
  if (!options.wait || !task) {
    if (options.wait) {
      context.notice('No task started: nothing to wait for');
    }
    context.print(started.value, { table: started.table });
    return;
  }
  const tree = await waitForTaskResult(context, client, task, options);
  const ended = await started.ended(tree);
  context.print(
    { ...(ended.value as object), task: tree },
    { tables: [ended.table, formatTaskTree(tree).trimEnd()] },
  );
  if (tree.result === 'FAILED') {
    throw new TaskFailedError(
      `Task ${tree.id} (${tree.type}) FAILED; ${ended.failure}`,
    );
  }
}
