import { TaskStoreStepOptions } from '../TaskStore';
import { DbStepRow, STEPS_TABLE } from '../tables';
import { TaskOperationOptions } from './TaskOperationOptions';
import { attemptIs, leaseHeldForStep, refusedStepReport } from './stepLease';

/** `TaskStore.succeedStep`, under the lease of the run. */
export async function succeedStep(
  options: TaskOperationOptions<TaskStoreStepOptions>,
): Promise<void> {
  const { tx, stepId, lease, stepAttempt } = options;
  const updated = await tx<DbStepRow>(STEPS_TABLE)
    .where({ id: stepId, status: 'RUNNING' })
    .where(attemptIs(stepAttempt))
    .whereExists(leaseHeldForStep(tx, lease))
    .update({ status: 'SUCCEEDED', ended_at: options.clock.now() });
  if (updated !== 1) {
    throw await refusedStepReport(tx, stepId, lease, 'succeed');
  }
}
