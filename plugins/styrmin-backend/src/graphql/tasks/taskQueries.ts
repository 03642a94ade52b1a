import { styrminDeploymentReadPermission } from '@styrmin/plugin-styrmin-common';
import { TaskStore } from '../../tasks/TaskStore';
import { withPermission } from '../fieldResolvers';
import { pageSize } from '../pagination';
import { StyrminResolvers } from '../types';

/**
 * The `task` and `tasksByIdPrefix` queries.
 *
 * @internal
 */
export function createTaskQueries(options: {
  tasks: TaskStore;
}): StyrminResolvers {
  return {
    Query: {
      task: withPermission(
        styrminDeploymentReadPermission,
        (_parent, args, context) => context.loaders.task.load(args.id),
      ),
      tasksByIdPrefix: withPermission(
        styrminDeploymentReadPermission,
        (_parent, args) =>
          options.tasks.findTasksByIdPrefix({
            prefix: args.prefix,
            limit: pageSize(args.first),
          }),
      ),
    },
  };
}
