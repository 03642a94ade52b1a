import { styrminDeploymentReadPermission } from '@styrmin/plugin-styrmin-common';
import {
  TaskCursor,
  TaskStore,
  TaskStoreListTaskPageResult,
} from '../../tasks/TaskStore';
import { withPermission } from '../fieldResolvers';
import {
  DeploymentTasksArgs,
  EnvironmentTasksArgs,
  RequireFields,
} from '../generated/schemaTypes';
import { decodeCursor, encodeCursor, pageSize } from '../pagination';
import { StyrminGraphQLContext, StyrminResolvers } from '../types';

type PageArgs = RequireFields<
  DeploymentTasksArgs & EnvironmentTasksArgs,
  'first'
>;

function isTaskCursor(value: unknown): value is TaskCursor {
  const cursor = value as TaskCursor;
  return (
    typeof cursor === 'object' &&
    cursor !== null &&
    Number.isFinite(cursor.createdAt) &&
    typeof cursor.id === 'string'
  );
}

/** A page of tasks as a connection, each task primed in the request's loader. */
function connection(
  page: TaskStoreListTaskPageResult,
  context: StyrminGraphQLContext,
) {
  page.tasks.forEach(task => context.loaders.task.prime(task.id, task));
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
}

function pageOptions(args: PageArgs) {
  return {
    limit: pageSize(args.first),
    after: args.after ? decodeCursor(args.after, isTaskCursor) : undefined,
  };
}

/**
 * The tasks of deployments and environments (pages, newest first; an environment's own
 * tasks apart from its deployments') and a deployment's
 * `latestTask`; a page of deployments with their newest tasks costs the same few queries
 * as one (the `newestTask` loader).
 *
 * @internal
 */
export function createTaskPages(options: {
  tasks: TaskStore;
}): StyrminResolvers {
  const { tasks } = options;
  const read = styrminDeploymentReadPermission;
  return {
    Deployment: {
      tasks: withPermission(read, async (deployment, args, context) =>
        connection(
          await tasks.listTaskPage({
            deploymentIds: [deployment.id],
            ...pageOptions(args),
            topLevel: args.topLevel,
          }),
          context,
        ),
      ),
      latestTask: withPermission(read, (deployment, _args, context) =>
        context.loaders.newestTask.load(deployment.id),
      ),
    },
    Environment: {
      tasks: withPermission(read, async (environment, args, context) =>
        connection(
          await tasks.listTaskPage({
            environmentId: environment.id,
            ...pageOptions(args),
            topLevel: args.topLevel,
          }),
          context,
        ),
      ),
      // Its own tasks: the parent tasks of its upgrades, restores and clones.
      environmentTasks: withPermission(
        read,
        async (environment, args, context) =>
          connection(
            await tasks.listTaskPage({
              environmentId: environment.id,
              environmentTasks: true,
              ...pageOptions(args),
            }),
            context,
          ),
      ),
    },
  };
}
