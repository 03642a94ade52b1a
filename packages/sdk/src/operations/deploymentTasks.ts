import { StyrminOperation } from './StyrminOperation';
import { taskFragment } from './recordFields';
import { TaskPage, taskPageFields } from './taskFields';

/**
 * What `StyrminClient.deploymentTasks()` and `environmentTasks()` take.
 *
 * @public
 */
export interface TasksOptions {
  /** The deployment's (or environment's) id. */
  id: string;
  /** The page size, 1 to 100 (20 by default). */
  first?: number;
  /** The `endCursor` of the page before. */
  after?: string;
  /** Only the tasks that no step started (those show under their steps). */
  topLevel?: boolean;
}

/** Reads a page of a deployment's tasks, newest first; undefined for an unknown one. */
export const deploymentTasksOperation: StyrminOperation<
  { deployment: { tasks: TaskPage } | null },
  TaskPage | undefined
> = {
  operationName: 'DeploymentTasks',
  document: /* GraphQL */ `
    query DeploymentTasks(
      $id: ID!
      $first: Int
      $after: String
      $topLevel: Boolean
    ) {
      deployment(id: $id) {
        tasks(first: $first, after: $after, topLevel: $topLevel) {
          ${taskPageFields}
        }
      }
    }
    ${taskFragment}
  `,
  result: data => data.deployment?.tasks,
};
