import { TaskRetries } from '../../reconciliation/TaskRetries';
import { TaskStore } from '../../tasks/TaskStore';
import { mergeResolvers } from '../mergeResolvers';
import { StyrminResolvers } from '../types';
import { createTaskFields } from './taskFields';
import { createTaskMutations } from './taskMutations';
import { createTaskPages } from './taskPages';
import { createTaskQueries } from './taskQueries';

/**
 * Options of {@link createTaskResolvers}.
 *
 * @internal
 */
export type CreateTaskResolversOptions = {
  tasks: TaskStore;
  taskRetries: TaskRetries;
};

/**
 * The resolvers of `task`, `tasksByIdPrefix` and `retryTask`, of the tasks of deployments and environments,
 * and of the `Task`, `FlowRun` and `Step` types. A page of tasks or deployments with their results
 * costs the same few queries as one (the `task`, `taskGraph` and `newestTask` loaders).
 *
 * @internal
 */
export function createTaskResolvers(
  options: CreateTaskResolversOptions,
): StyrminResolvers {
  return mergeResolvers(
    createTaskQueries(options),
    createTaskMutations(options),
    createTaskPages(options),
    createTaskFields(),
  );
}
