import {
  computeTaskResult,
  styrminDeploymentReadPermission,
} from '@styrmin/plugin-styrmin-common';
import { Deployment } from '../../deployments/DeploymentStore';
import { Environment } from '../../environments/EnvironmentStore';
import { FlowRun } from '../../flows/FlowRunStore';
import { isoDateFields, notStored, withPermission } from '../fieldResolvers';
import { decodeCursor, encodeCursor, pageSize } from '../pagination';
import { StyrminResolvers } from '../types';
import {
  Step,
  StepAttemptError,
  Task,
  TaskCursor,
  TaskStore,
  TaskStoreListTaskPageResult,
} from '../../tasks/TaskStore';

/**
 * Options of {@link createTaskResolvers}.
 *
 * @internal
 */
export type CreateTaskResolversOptions = {
  tasks: TaskStore;
};

type PageArgs = { first: number; after?: string | null };

function isTaskCursor(value: unknown): value is TaskCursor {
  const cursor = value as TaskCursor;
  return (
    typeof cursor === 'object' &&
    cursor !== null &&
    Number.isFinite(cursor.createdAt) &&
    typeof cursor.id === 'string'
  );
}

/**
 * The resolvers of the `Task`, `FlowRun` and `Step` types, of `task`, and of the tasks of
 * deployments and environments. The task result is computed on every read
 * (`computeTaskResult`), never stored; a page of tasks or deployments with their results
 * costs the same few queries as one (the `task`, `taskGraph` and `newestTask` loaders).
 * Step errors and output tails are readable with the deployment read permission: the agent
 * protocol redacted their secrets when it recorded them.
 *
 * @internal
 */
export function createTaskResolvers(
  options: CreateTaskResolversOptions,
): StyrminResolvers {
  const { tasks } = options;
  const read = styrminDeploymentReadPermission;

  const connection = (page: TaskStoreListTaskPageResult) => {
    const last = page.tasks.at(-1);
    return {
      nodes: page.tasks,
      pageInfo: {
        endCursor: last
          ? encodeCursor({
              createdAt: last.createdAt.getTime(),
              id: last.id,
            } satisfies TaskCursor)
          : null,
        hasNextPage: page.hasNextPage,
      },
    };
  };
  const pageOptions = (args: PageArgs) => ({
    limit: pageSize(args.first),
    after: args.after ? decodeCursor(args.after, isTaskCursor) : undefined,
  });

  return {
    Query: {
      task: withPermission(read, (_parent, args: { id: string }, context) =>
        context.loaders.task.load(args.id),
      ),
    },
    Deployment: {
      tasks: withPermission(
        read,
        async (deployment: Deployment, args: PageArgs, context) => {
          const page = await tasks.listTaskPage({
            deploymentIds: [deployment.id],
            ...pageOptions(args),
          });
          page.tasks.forEach(task => context.loaders.task.prime(task.id, task));
          return connection(page);
        },
      ),
      latestTask: withPermission(
        read,
        (deployment: Deployment, _args, context) =>
          context.loaders.newestTask.load(deployment.id),
      ),
    },
    Environment: {
      tasks: withPermission(
        read,
        async (environment: Environment, args: PageArgs, context) => {
          const page = await tasks.listTaskPage({
            environmentId: environment.id,
            ...pageOptions(args),
          });
          page.tasks.forEach(task => context.loaders.task.prime(task.id, task));
          return connection(page);
        },
      ),
    },
    Task: {
      ...isoDateFields<keyof Task>('createdAt'),
      result: async (task: Task, _args, context) => {
        const graph = await context.loaders.taskGraph.load(task.id);
        return graph ? computeTaskResult(graph) : notStored(`Task ${task.id}`);
      },
      flowRun: async (task: Task, _args, context) =>
        (await context.loaders.flowRun.load(task.flowRunId)) ??
        notStored(`Flow run ${task.flowRunId}`),
      deployment: async (task: Task, _args, context) =>
        (await context.loaders.deployment.load(task.deploymentId)) ??
        notStored(`Deployment ${task.deploymentId}`),
    },
    FlowRun: isoDateFields<keyof FlowRun>('createdAt'),
    Step: {
      ...isoDateFields<keyof Step>('startedAt', 'endedAt'),
      startedTasks: async (step: Step, _args, context) =>
        (await context.loaders.task.loadMany(step.startedTaskIds)).map(
          (task, index) =>
            task instanceof Error || !task
              ? notStored(`Task ${step.startedTaskIds[index]}`)
              : task,
        ),
      supersededBy: (step: Step, _args, context) =>
        step.supersededByTaskId
          ? context.loaders.task.load(step.supersededByTaskId)
          : null,
    },
    StepAttemptError: isoDateFields<keyof StepAttemptError>('occurredAt'),
  };
}
