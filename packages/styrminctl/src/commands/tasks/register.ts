import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { registerListCommand } from './list';
import { registerRetryCommand } from './retry';
import { registerShowCommand } from './show';

/** `styrminctl tasks ...`: the tasks that apply changes, and their steps. */
export function registerTasksCommands(
  program: Command,
  context: CommandRuntime,
): void {
  const tasks = program
    .command('tasks')
    .description(
      'List tasks, show a task’s steps, results, attempts and errors, and retry a failed task',
    );
  registerShowCommand(tasks, context);
  registerListCommand(tasks, context);
  registerRetryCommand(tasks, context);
}
