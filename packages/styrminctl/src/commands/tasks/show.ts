import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { formatCommand, taskCauseText } from '@styrmin/sdk';
import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { isWholeId } from '../../records/findRecords';
import { formatTaskTree } from '../../tasks/formatTaskTree';

/** `styrminctl tasks show`: a task as a tree of its steps and the tasks they started. */
export function registerShowCommand(
  tasks: Command,
  context: CommandRuntime,
): void {
  tasks
    .command('show')
    .description(
      'Show a task as a tree: its steps with their status, attempts and the error of each failed attempt, and the tasks they started',
    )
    .argument('<id>', 'the task’s id')
    .action(async (id: string) => {
      const client = await context.client();
      const tree = await client.taskTree(id);
      if (!tree) {
        // The API finds a task by its whole id only: a prefix is no id it knows.
        throw new StyrminError(
          'NOT_FOUND',
          isWholeId(id)
            ? `No task ${id}`
            : `No task ${id}: give the task's whole id, as tasks list shows it`,
        );
      }
      // Why it was started, and what a job ran, go under the task's heading line.
      const [heading, ...steps] = formatTaskTree(tree).trimEnd().split('\n');
      const cause = tree.cause ? [`Cause: ${taskCauseText(tree.cause)}`] : [];
      const job = tree.job
        ? [
            `Job: ${formatCommand(tree.job.command)} (in component ${
              tree.job.component
            }, timeout ${tree.job.timeoutSeconds} s)`,
          ]
        : [];
      context.print(tree, {
        table: [heading, ...cause, ...job, ...steps].join('\n'),
      });
    });
}
