import { Command } from 'commander';
import { CommandContext } from '../../CommandContext';
import { registerListCommand } from './list';
import { registerShowCommand } from './show';

/** `styrminctl tasks ...`: the tasks that apply changes, and their steps. */
export function registerTasksCommands(
  program: Command,
  context: CommandContext,
): void {
  const tasks = program
    .command('tasks')
    .description(
      'List tasks and show a task’s steps, results, attempts and errors',
    );
  registerShowCommand(tasks, context);
  registerListCommand(tasks, context);
}
