import { StyrminOperation } from '../StyrminOperation';
import { taskFragment } from '../recordFields';
import { TaskPage, taskPageFields } from '../taskFields';

/**
 * What `StyrminClient.environmentOperationTasks()` takes.
 *
 * @public
 */
export interface EnvironmentOperationTasksOptions {
  /** The environment's id. */
  id: string;
  /** The page size, 1 to 100 (20 by default). */
  first?: number;
  /** The `endCursor` of the page before. */
  after?: string;
}

/**
 * Reads a page of an environment's environment tasks (upgrade, restore, clone: the
 * environment's own, which no deployment has), newest first; undefined for an unknown
 * environment. Their linked tasks are their steps' started tasks (`taskTree`).
 */
export const environmentOperationTasksOperation: StyrminOperation<
  { environment: { environmentTasks: TaskPage } | null },
  TaskPage | undefined
> = {
  operationName: 'EnvironmentOperationTasks',
  document: /* GraphQL */ `
    query EnvironmentOperationTasks($id: ID!, $first: Int, $after: String) {
      environment(id: $id) {
        environmentTasks(first: $first, after: $after) {
          ${taskPageFields}
        }
      }
    }
    ${taskFragment}
  `,
  result: data => data.environment?.environmentTasks,
};
