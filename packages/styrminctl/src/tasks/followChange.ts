import { DeploymentChangeResult, StyrminClient } from '@styrmin/sdk';
import { CommandRuntime } from '../CommandRuntime';
import { changeTables, plannedStepRows } from '../records/views';
import { failOnFailedTask, waitForTaskResult } from './followTask';
import { formatTaskTree } from './formatTaskTree';

/** The options `--wait` and `--dry-run` add to the commands that change a deployment. */
export type WaitOptions = {
  wait?: boolean;
  /** Seconds; no limit when absent. */
  timeout?: number;
  /** The change was a dry run: there is nothing to wait for. */
  dryRun?: boolean;
};

/**
 * Prints what a change did, or with `--dry-run` what it would do and the steps its task
 * would run; with `--wait`, first follows its task until the result is
 * final (progress on stderr), then prints the change with the task as it ended and its
 * step tree. A FAILED result fails the command, after the tree is printed.
 */
export async function followChange(
  context: CommandRuntime,
  client: StyrminClient,
  result: DeploymentChangeResult,
  options: WaitOptions,
): Promise<void> {
  const { task } = result;
  if (options.dryRun) {
    context.notice('Dry run: nothing was stored');
    context.print(result, {
      tables: [...changeTables(result), plannedStepRows(result)],
    });
    return;
  }
  if (!options.wait || !task) {
    if (options.wait) {
      context.notice('Nothing changed: no task to wait for');
    }
    context.print(result, { tables: changeTables(result) });
    return;
  }
  const tree = await waitForTaskResult(context, client, task, options);
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
  failOnFailedTask(tree, final.deployment);
}
