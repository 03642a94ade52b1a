import { Knex } from 'knex';
import { Clock } from '../../database/Clock';
import { DbStepRow, STEPS_TABLE, TASKS_TABLE } from '../tables';
import { Db } from './TaskOperationOptions';
import { recordStepError } from './recordStepError';

/**
 * Fails a RUNNING or PENDING step that no lease holder will report on, with the error of
 * its current attempt (a PENDING step's attempt failed before it could start). A
 * compare-and-set on the status and attempts read, so that an error is recorded only for
 * the step this call ended.
 */
export async function failUnreportedStep(
  trx: Knex.Transaction,
  clock: Clock,
  step: Pick<DbStepRow, 'id' | 'status' | 'attempts'>,
  message: string,
): Promise<boolean> {
  if (step.status !== 'RUNNING' && step.status !== 'PENDING') {
    return false;
  }
  const attempt = step.status === 'PENDING' ? step.attempts + 1 : step.attempts;
  const updated = await trx<DbStepRow>(STEPS_TABLE)
    .where({ id: step.id, status: step.status, attempts: step.attempts })
    .update({
      status: 'FAILED',
      attempts: attempt,
      ended_at: clock.now(),
    });
  if (updated !== 1) {
    return false;
  }
  await recordStepError(trx, clock, { stepId: step.id, attempt, message });
  return true;
}

/** The steps of the task of a flow run (a query to narrow down). */
export function stepsOfFlowRun(db: Db, flowRunId: string) {
  return db<DbStepRow>(STEPS_TABLE)
    .join(TASKS_TABLE, `${TASKS_TABLE}.id`, `${STEPS_TABLE}.task_id`)
    .where(`${TASKS_TABLE}.flow_run_id`, flowRunId)
    .select<Array<Pick<DbStepRow, 'id' | 'status' | 'attempts'>>>(
      `${STEPS_TABLE}.id`,
      `${STEPS_TABLE}.status`,
      `${STEPS_TABLE}.attempts`,
    );
}
