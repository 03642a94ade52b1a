import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { formatCommand, taskCauseText } from '@styrmin/sdk';
import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { formatTaskTree } from '../../tasks/formatTaskTree';
import { findTaskId } from './findTaskId';

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
    .argument('<id>', 'the task’s id, or a part of it from its start')
    .action(async (id: string) => {
      const client = await context.client();
      const taskId = await findTaskId(client, id);
      const tree = await client.taskTree(taskId);
      if (!tree) {
        throw new StyrminError('NOT_FOUND', `No task ${taskId}`);
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
