import { retryTaskPermission } from '@styrmin/plugin-styrmin-common';
import { NotFoundError } from '@backstage/errors';
import { requirePermission } from '../../permissions/requirePermission';
import { TaskRetries } from '../../reconciliation/TaskRetries';
import { TaskStore } from '../../tasks/TaskStore';
import { callerRef } from '../callerRef';
import { StyrminResolvers } from '../types';

/**
 * `retryTask`: a failed task started again as a new task of the same change
 * (`TaskRetries`), with the permission that its kind needs (`retryTaskPermission`).
 *
 * @internal
 */
export function createTaskMutations(options: {
  tasks: TaskStore;
  taskRetries: TaskRetries;
}): StyrminResolvers {
  const { tasks, taskRetries } = options;
  return {
    Mutation: {
      retryTask: async (_parent, { input }, context) => {
        const task = await tasks.getTask({ taskId: input.task });
        if (!task) {
          throw new NotFoundError(`Task ${input.task} does not exist`);
        }
        await requirePermission({
          permissions: context.permissions,
          credentials: context.credentials,
          permission: retryTaskPermission(task.type),
        });
        return taskRetries.retryTask({
          taskId: task.id,
          createdBy: callerRef(context.credentials),
        });
      },
    },
  };
}
