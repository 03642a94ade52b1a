import { outputTail } from '@styrmin/plugin-styrmin-common';
import { TaskStoreSucceedStepOptions } from '../TaskStore';
import { DbStepRow, STEPS_TABLE } from '../tables';
import { TaskOperationOptions } from './TaskOperationOptions';
import { attemptIs, leaseHeldForStep, refusedStepReport } from './stepLease';

/** `TaskStore.succeedStep`, under the lease of the run. */
export async function succeedStep(
  options: TaskOperationOptions<TaskStoreSucceedStepOptions>,
): Promise<void> {
  const { tx, stepId, lease, stepAttempt, output } = options;
  const updated = await tx<DbStepRow>(STEPS_TABLE)
    .where({ id: stepId, status: 'RUNNING' })
    .where(attemptIs(stepAttempt))
    .whereExists(leaseHeldForStep(tx, lease))
    .update({
      status: 'SUCCEEDED',
      ended_at: options.clock.now(),
      output_tail: output === undefined ? null : outputTail(output),
    });
  if (updated !== 1) {
    throw await refusedStepReport(tx, stepId, lease, 'succeed');
  }
}
