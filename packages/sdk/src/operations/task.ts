import { StyrminOperation } from './StyrminOperation';
import { TaskDetail, taskDetailFragment } from './taskFields';

/** Reads one `task` with its steps in detail: what `StyrminClient.task()` returns. */
export const taskOperation: StyrminOperation<
  { task: TaskDetail | null },
  TaskDetail | undefined
> = {
  operationName: 'Task',
  document: /* GraphQL */ `
    query Task($id: ID!) {
      task(id: $id) {
        ...TaskDetailFields
      }
    }
    ${taskDetailFragment}
  `,
  result: data => data.task ?? undefined,
};
