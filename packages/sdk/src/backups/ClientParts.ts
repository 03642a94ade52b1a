import { GraphQLVariables } from '../GraphQLTransport';
import { StyrminOperation } from '../operations/StyrminOperation';
import { TaskDetail, TaskTree } from '../operations';

/**
 * What the parts of the client get from `StyrminClient`: its transport, so that every part
 * sends the same requests and fails with the same errors, and how it grows a task's tree.
 */
export interface ClientParts {
  execute: <TData, TResult>(
    operation: StyrminOperation<TData, TResult>,
    variables?: GraphQLVariables,
  ) => Promise<TResult>;
  /** A task with the tasks its steps started, at any depth (`StyrminClient.taskTree`). */
  growTree: (task: TaskDetail) => Promise<TaskTree>;
}
