import { inTransaction } from '../../database/inTransaction';
import { TaskStoreFailStepsOfFlowRunOptions } from '../TaskStore';
import { STEPS_TABLE } from '../tables';
import { TaskOperationOptions } from './TaskOperationOptions';
import { failUnreportedStep, stepsOfFlowRun } from './failUnreportedStep';

/** `TaskStore.failRunningSteps`. */
export async function failRunningSteps(
  options: TaskOperationOptions<TaskStoreFailStepsOfFlowRunOptions>,
): Promise<number> {
  const { tx, flowRunId, message } = options;
  return inTransaction(tx, async trx => {
    const running = await stepsOfFlowRun(trx, flowRunId).where(
      `${STEPS_TABLE}.status`,
      'RUNNING',
    );
    let failed = 0;
    for (const step of running) {
      failed += Number(
        await failUnreportedStep(trx, options.clock, step, message),
      );
    }
    return failed;
  });
}
