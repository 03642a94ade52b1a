import { STEP_LINKS_TABLE, STEPS_TABLE, TASKS_TABLE } from '../tables';
import { Db } from './TaskOperationOptions';

/**
 * A subquery for `whereNotExists` or `whereExists`: whether a step of a deployment's task
 * started the task whose id is the column `taskIdColumn` (a task that an action primitive
 * starts is part of the task of that step). A task that an environment operation's step
 * started (its parent task has no deployment) is the deployment's own: its state follows
 * it, and its deployment's task list shows it.
 */
export function startedByAStep(db: Db, taskIdColumn: string) {
  return db(STEP_LINKS_TABLE)
    .join(STEPS_TABLE, `${STEPS_TABLE}.id`, `${STEP_LINKS_TABLE}.step_id`)
    .join(`${TASKS_TABLE} as starter`, 'starter.id', `${STEPS_TABLE}.task_id`)
    .whereNotNull('starter.deployment_id')
    .select(db.raw('1'))
    .whereRaw('?? = ??', [`${STEP_LINKS_TABLE}.started_task_id`, taskIdColumn]);
}
