import { isDatabaseConflictError } from '@backstage/backend-plugin-api';
import { ConflictError, NotFoundError } from '@backstage/errors';
import { inTransaction } from '../../database/inTransaction';
import { TaskStoreLinkStartedTaskOptions } from '../TaskStore';
import {
  DbStepLinkRow,
  DbStepRow,
  DbTaskRow,
  STEP_LINKS_TABLE,
  STEPS_TABLE,
  TASKS_TABLE,
} from '../tables';
import { TaskOperationOptions } from './TaskOperationOptions';

/** `TaskStore.linkStartedTask`. */
export async function linkStartedTask(
  options: TaskOperationOptions<TaskStoreLinkStartedTaskOptions>,
): Promise<void> {
  const { tx, stepId, startedTaskId } = options;
  await inTransaction(tx, async trx => {
    const [step, task] = await Promise.all([
      trx<DbStepRow>(STEPS_TABLE).where({ id: stepId }).first('id'),
      trx<DbTaskRow>(TASKS_TABLE).where({ id: startedTaskId }).first('id'),
    ]);
    if (!step) {
      throw new NotFoundError(`No step ${stepId}`);
    }
    if (!task) {
      throw new NotFoundError(`No task ${startedTaskId}`);
    }
    const existing = await trx<DbStepLinkRow>(STEP_LINKS_TABLE)
      .where({ started_task_id: startedTaskId })
      .first();
    if (existing) {
      if (existing.step_id === stepId) {
        return;
      }
      throw startedByAnotherStep(startedTaskId, existing.step_id);
    }
    try {
      await trx<DbStepLinkRow>(STEP_LINKS_TABLE).insert({
        step_id: stepId,
        started_task_id: startedTaskId,
      });
    } catch (error) {
      // Another report of a link of the same task won the race since the read above.
      if (isDatabaseConflictError(error)) {
        throw startedByAnotherStep(startedTaskId);
      }
      throw error;
    }
  });
}

function startedByAnotherStep(taskId: string, stepId?: string): ConflictError {
  return new ConflictError(
    `Task ${taskId} was started by ${
      stepId ? `step ${stepId}` : 'another step'
    }`,
  );
}
