import { EnvironmentBackup, StyrminClient, Task } from '@styrmin/sdk';
import { CommandRuntime } from '../../CommandRuntime';
import { waitForTaskResult } from '../../tasks/followTask';

/** A constituent's backup, while it is left. */
type ConstituentBackup = NonNullable<
  EnvironmentBackup['constituents'][number]['backup']
>;

/**
 * What `--wait` does for an environment backup's constituents: follows the task that
 * `taskOf` names of each one that is left, one after the other (progress on stderr, each
 * within `timeout` seconds when given). Answers the deployments whose task FAILED, with
 * the task's id, for the caller to fail the command after printing.
 */
export async function waitForConstituents(
  context: CommandRuntime,
  client: StyrminClient,
  environmentBackup: EnvironmentBackup,
  taskOf: (backup: ConstituentBackup) => Pick<Task, 'id' | 'type'> | null,
  options: { timeout?: number },
): Promise<string[]> {
  const failed: string[] = [];
  for (const constituent of environmentBackup.constituents) {
    const task = constituent.backup && taskOf(constituent.backup);
    if (task) {
      const tree = await waitForTaskResult(context, client, task, options);
      if (tree.result === 'FAILED') {
        failed.push(`${constituent.deploymentName} (task ${tree.id})`);
      }
    }
  }
  return failed;
}
