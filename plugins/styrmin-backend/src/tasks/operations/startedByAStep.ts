import { STEP_LINKS_TABLE } from '../tables';
import { Db } from './TaskOperationOptions';

/**
 * A subquery for `whereNotExists` or `whereExists`: whether a step started the task whose
 * id is the column `taskIdColumn` (a started task is part of the task of that step).
 */
export function startedByAStep(db: Db, taskIdColumn: string) {
  return db(STEP_LINKS_TABLE)
    .select(db.raw('1'))
    .whereRaw('?? = ??', [`${STEP_LINKS_TABLE}.started_task_id`, taskIdColumn]);
}
