import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { Command } from 'commander';
import { CommandContext } from '../../CommandContext';
import { formatTaskTree } from '../../tasks/formatTaskTree';

/** `styrminctl tasks show`: a task as a tree of its steps and the tasks they started. */
export function registerShowCommand(
  tasks: Command,
  context: CommandContext,
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
        throw new StyrminError('NOT_FOUND', `No task ${id}`);
      }
      context.print(tree, { table: formatTaskTree(tree).trimEnd() });
    });
}
