import { StepStatus } from '@styrmin/plugin-styrmin-common';
import { inTransaction } from '../../database/inTransaction';
import { TaskStoreFailStepsOfFlowRunOptions } from '../TaskStore';
import { STEPS_TABLE } from '../tables';
import { TaskOperationOptions } from './TaskOperationOptions';
import { failUnreportedStep, stepsOfFlowRun } from './failUnreportedStep';

/** `TaskStore.failNextStep`. */
export async function failNextStep(
  options: TaskOperationOptions<TaskStoreFailStepsOfFlowRunOptions>,
): Promise<boolean> {
  const { tx, flowRunId, message } = options;
  return inTransaction(tx, async trx => {
    const next = await stepsOfFlowRun(trx, flowRunId)
      .whereNotIn(`${STEPS_TABLE}.status`, [
        'SUCCEEDED',
        'SUPERSEDED',
      ] satisfies StepStatus[])
      .orderBy(`${STEPS_TABLE}.position`)
      .first();
    return (
      next !== undefined &&
      failUnreportedStep(trx, options.clock, next, message)
    );
  });
}
