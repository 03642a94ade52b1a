import { StyrminOperation } from './StyrminOperation';
import { taskFragment } from './recordFields';
import { TaskPage, taskPageFields } from './taskFields';

/**
 * Reads a page of the tasks of an environment's deployments, newest first; undefined for an
 * unknown environment.
 */
export const environmentTasksOperation: StyrminOperation<
  { environment: { tasks: TaskPage } | null },
  TaskPage | undefined
> = {
  operationName: 'EnvironmentTasks',
  document: /* GraphQL */ `
    query EnvironmentTasks(
      $id: ID!
      $first: Int
      $after: String
      $topLevel: Boolean
    ) {
      environment(id: $id) {
        tasks(first: $first, after: $after, topLevel: $topLevel) {
          ${taskPageFields}
        }
      }
    }
    ${taskFragment}
  `,
  result: data => data.environment?.tasks,
};
