import { TaskListEntry, taskCauseText } from '@styrmin/sdk';
import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { findDeployment, findEnvironment } from '../../records/findRecords';
import { UsageError } from '../../UsageError';

/** How many tasks `tasks list` shows by default. */
const DEFAULT_LIST_SIZE = 20;

/** `styrminctl tasks list`: the newest tasks of a deployment or an environment. */
export function registerListCommand(
  tasks: Command,
  context: CommandRuntime,
): void {
  tasks
    .command('list')
    .description('List the newest tasks of a deployment or an environment')
    .option('--deployment <deployment>', '<environment>/<name>, or its id')
    .option('--environment <environment>', 'its name or id')
    .option('--first <n>', 'how many (1 to 100)', Number, DEFAULT_LIST_SIZE)
    .action(
      async (options: {
        deployment?: string;
        environment?: string;
        first: number;
      }) => {
        if (Boolean(options.deployment) === Boolean(options.environment)) {
          throw new UsageError(
            'Give --deployment or --environment: one of them',
          );
        }
        const client = await context.client();
        const page = options.deployment
          ? await client.deploymentTasks({
              id: (await findDeployment(client, options.deployment)).id,
              first: options.first,
            })
          : await client.environmentTasks({
              id: (await findEnvironment(client, options.environment!)).id,
              first: options.first,
            });
        const list: TaskListEntry[] = page?.nodes ?? [];
        context.print(list, {
          table: list.map(task => ({
            id: task.id,
            type: task.type,
            // Only an environment task has no deployment; these lists show none.
            deployment: task.deployment?.name ?? '',
            result: task.result,
            status: task.status,
            attempts: task.flowRun.attempts,
            created: task.createdAt,
            by: task.createdBy,
            cause: task.cause ? taskCauseText(task.cause) : '',
          })),
        });
      },
    );
}
