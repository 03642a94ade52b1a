import { TasksByIdPrefixQuery } from './generated/operationTypes';
import { taskFragment } from './recordFields';
import { StyrminOperation } from './StyrminOperation';

/**
 * A task whose id starts with a prefix, with the deployment it acts on: what
 * `StyrminClient.tasksByIdPrefix()` answers, enough to tell several apart.
 *
 * @public
 */
export type TaskByIdPrefix = TasksByIdPrefixQuery['tasksByIdPrefix'][number];

/** Reads the tasks whose ids start with a prefix, oldest first. */
export const tasksByIdPrefixOperation: StyrminOperation<
  TasksByIdPrefixQuery,
  TaskByIdPrefix[]
> = {
  operationName: 'TasksByIdPrefix',
  document: /* GraphQL */ `
    query TasksByIdPrefix($prefix: String!, $first: Int) {
      tasksByIdPrefix(prefix: $prefix, first: $first) {
        ...TaskFields
        deployment {
          id
          name
          environment {
            id
            name
          }
        }
      }
    }
    ${taskFragment}
  `,
  result: data => data.tasksByIdPrefix,
};
