import { InputError } from '@backstage/errors';
import { StepStatus } from '@styrmin/plugin-styrmin-common';
import { TaskStoreSupersedeStepsOptions } from '../TaskStore';
import { DbStepRow, STEPS_TABLE } from '../tables';
import { TaskOperationOptions } from './TaskOperationOptions';

/** `TaskStore.supersedeSteps`. */
export async function supersedeSteps(
  options: TaskOperationOptions<TaskStoreSupersedeStepsOptions>,
): Promise<number> {
  const { tx, taskId, supersededByTaskId } = options;
  if (taskId === supersededByTaskId) {
    throw new InputError(`Task ${taskId} cannot supersede itself`);
  }
  return tx<DbStepRow>(STEPS_TABLE)
    .where({ task_id: taskId })
    .whereIn('status', ['PENDING', 'RUNNING'] satisfies StepStatus[])
    .update({
      status: 'SUPERSEDED',
      superseded_by_task_id: supersededByTaskId,
      ended_at: options.clock.now(),
    });
}
