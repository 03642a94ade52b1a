import { StepStatus } from '@styrmin/plugin-styrmin-common';
import { TaskStoreStepOptions } from '../TaskStore';
import { DbStepRow, STEPS_TABLE } from '../tables';
import { TaskOperationOptions } from './TaskOperationOptions';
import { attemptIs, leaseHeldForStep, refusedStepReport } from './stepLease';

/** `TaskStore.startStep`, under the lease of the run. */
export async function startStep(
  options: TaskOperationOptions<TaskStoreStepOptions>,
): Promise<void> {
  const { tx, stepId, lease, stepAttempt } = options;
  const updated = await tx<DbStepRow>(STEPS_TABLE)
    .where({ id: stepId })
    .whereIn('status', ['PENDING', 'FAILED'] satisfies StepStatus[])
    .where(attemptIs(stepAttempt === undefined ? undefined : stepAttempt - 1))
    .whereExists(leaseHeldForStep(tx, lease))
    .update({
      status: 'RUNNING',
      attempts: tx.raw('?? + 1', ['attempts']),
      started_at: options.clock.now(),
      ended_at: null,
    });
  if (updated !== 1) {
    throw await refusedStepReport(tx, stepId, lease, 'start');
  }
}
