import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { followTask } from '../../tasks/followTask';
import { findTaskId } from './findTaskId';

/** `styrminctl tasks retry`: a failed task started again as a new task of the same change. */
export function registerRetryCommand(
  tasks: Command,
  context: CommandRuntime,
): void {
  tasks
    .command('retry')
    .description(
      'Retry a failed task: a new task of the same change (the same instance, components or job); refused for a task that did not fail or whose deployment moved on',
    )
    .argument('<id>', 'the failed task’s id, or a part of it from its start')
    .option(
      '--wait',
      'follow the new task until its result is final; when it FAILED, show its steps and exit non-zero',
    )
    .action(async (id: string, options: { wait?: boolean }) => {
      const client = await context.client();
      const result = await client.retryTask(await findTaskId(client, id));
      await followTask(context, client, result, { wait: options.wait });
    });
}
