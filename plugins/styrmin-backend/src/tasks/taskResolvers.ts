import { computeTaskResult } from '@styrmin/plugin-styrmin-common';
import { FlowRun } from '../flows/FlowRunStore';
import { isoDateFields, notStored } from '../graphql/fieldResolvers';
import { StyrminResolvers } from '../graphql/types';
import { Step, Task } from './TaskStore';

/**
 * The resolvers of the `Task`, `FlowRun` and `Step` types. Tasks are reached through the
 * records they act on (an instance, a change's result), which check the permission. The
 * task result is computed on every read (`computeTaskResult`), never stored.
 *
 * @internal
 */
export function createTaskResolvers(): StyrminResolvers {
  return {
    Task: {
      ...isoDateFields<keyof Task>('createdAt'),
      result: async (task: Task, _args, context) => {
        const graph = await context.loaders.taskGraph.load(task.id);
        return graph ? computeTaskResult(graph) : notStored(`Task ${task.id}`);
      },
      flowRun: async (task: Task, _args, context) =>
        (await context.loaders.flowRun.load(task.flowRunId)) ??
        notStored(`Flow run ${task.flowRunId}`),
    },
    FlowRun: isoDateFields<keyof FlowRun>('createdAt'),
    Step: isoDateFields<keyof Step>('startedAt', 'endedAt'),
  };
}
