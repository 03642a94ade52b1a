import { inTransaction } from '../../database/inTransaction';
import { TaskStoreFailStepOptions } from '../TaskStore';
import { DbStepRow, STEPS_TABLE } from '../tables';
import { TaskOperationOptions } from './TaskOperationOptions';
import { recordStepError } from './recordStepError';
import { attemptIs, leaseHeldForStep, refusedStepReport } from './stepLease';

/** `TaskStore.failStep`, under the lease of the run. */
export async function failStep(
  options: TaskOperationOptions<TaskStoreFailStepOptions>,
): Promise<void> {
  const { tx, stepId, lease, stepAttempt, message, output } = options;
  await inTransaction(tx, async trx => {
    const updated = await trx<DbStepRow>(STEPS_TABLE)
      .where({ id: stepId, status: 'RUNNING' })
      .where(attemptIs(stepAttempt))
      .whereExists(leaseHeldForStep(trx, lease))
      .update({ status: 'FAILED', ended_at: options.clock.now() });
    if (updated !== 1) {
      throw await refusedStepReport(trx, stepId, lease, 'fail');
    }
    const { attempts } = (await trx<DbStepRow>(STEPS_TABLE)
      .where({ id: stepId })
      .first('attempts'))!;
    await recordStepError(trx, options.clock, {
      stepId,
      attempt: attempts,
      message,
      output,
    });
  });
}
