import { ConflictError, NotFoundError } from '@backstage/errors';
import { Knex } from 'knex';
import { FlowRunLease } from '../../flows/FlowRunStore';
import { FLOW_RUNS_TABLE } from '../../flows/tables';
import { DbStepRow, DbTaskRow, STEPS_TABLE, TASKS_TABLE } from '../tables';
import { Db } from './TaskOperationOptions';

/** Narrows a step query to the step's attempt, when one is named. */
export function attemptIs(attempts: number | undefined): Partial<DbStepRow> {
  return attempts === undefined ? {} : { attempts };
}

/**
 * A subquery that finds the flow run of the task in the enclosing query's
 * `styrmin_tasks` row, if it is still RUNNING under `lease`.
 */
export function leaseHeld(db: Db, lease: FlowRunLease): Knex.QueryBuilder {
  return db(FLOW_RUNS_TABLE)
    .select(db.raw('1'))
    .whereRaw('?? = ??', [
      `${FLOW_RUNS_TABLE}.id`,
      `${TASKS_TABLE}.flow_run_id`,
    ])
    .where({
      [`${FLOW_RUNS_TABLE}.id`]: lease.flowRunId,
      [`${FLOW_RUNS_TABLE}.state`]: 'RUNNING',
      [`${FLOW_RUNS_TABLE}.lease_owner`]: lease.owner,
      [`${FLOW_RUNS_TABLE}.attempts`]: lease.attempt,
    });
}

/** {@link leaseHeld} for the task of the enclosing query's `styrmin_steps` row. */
export function leaseHeldForStep(
  db: Db,
  lease: FlowRunLease,
): Knex.QueryBuilder {
  return db(TASKS_TABLE)
    .select(db.raw('1'))
    .whereRaw('?? = ??', [`${TASKS_TABLE}.id`, `${STEPS_TABLE}.task_id`])
    .whereExists(leaseHeld(db, lease));
}

/** Why a step report changed nothing: the step is unknown, the lease is gone, or the step is not in the status the report moves it from. */
export async function refusedStepReport(
  db: Db,
  stepId: string,
  lease: FlowRunLease,
  action: 'start' | 'succeed' | 'fail',
): Promise<Error> {
  const step = await db<DbStepRow>(STEPS_TABLE)
    .where({ id: stepId })
    .first('name', 'status', 'task_id', 'attempts');
  if (!step) {
    return new NotFoundError(`No step ${stepId}`);
  }
  const refused = `Cannot ${action} step ${stepId} ("${step.name}")`;
  const held = await db<DbTaskRow>(TASKS_TABLE)
    .where({ id: step.task_id })
    .whereExists(leaseHeld(db, lease))
    .first('id');
  if (!held) {
    return new ConflictError(
      `${refused}: its task's flow run is not leased to ${lease.owner} for ` +
        `attempt ${lease.attempt} (the lease names flow run ${lease.flowRunId})`,
    );
  }
  return new ConflictError(
    step.status === 'SUCCEEDED'
      ? `${refused}: it SUCCEEDED, and a step that succeeded never runs again`
      : `${refused}: it is ${step.status} at attempt ${step.attempts}`,
  );
}
