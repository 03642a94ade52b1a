import { STEP_LINKS_TABLE, STEPS_TABLE, TASKS_TABLE } from '../tables';
import { Db } from './TaskOperationOptions';

/**
 * The links from the steps of deployments' tasks (`starter`) to the tasks they started. A
 * task that an environment operation's step started (its parent task has no deployment) is
 * the deployment's own: its state follows it, and its deployment's task list shows it.
 */
function linksFromDeploymentSteps(db: Db) {
  return db(STEP_LINKS_TABLE)
    .join(STEPS_TABLE, `${STEPS_TABLE}.id`, `${STEP_LINKS_TABLE}.step_id`)
    .join(`${TASKS_TABLE} as starter`, 'starter.id', `${STEPS_TABLE}.task_id`)
    .whereNotNull('starter.deployment_id');
}

/**
 * A subquery for `whereNotExists` or `whereExists`: whether a step of a deployment's task
 * started the task whose id is the column `taskIdColumn` (a task that an action primitive
 * starts is part of the task of that step).
 */
export function startedByAStep(db: Db, taskIdColumn: string) {
  return linksFromDeploymentSteps(db)
    .select(db.raw('1'))
    .whereRaw('?? = ??', [`${STEP_LINKS_TABLE}.started_task_id`, taskIdColumn]);
}

/**
 * The id of the task whose tree holds this one, by the rule of {@link startedByAStep}: up
 * the steps that started it, to the first task that no deployment's step started (the task
 * itself when none did).
 */
export async function rootTaskIdOf(db: Db, taskId: string): Promise<string> {
  const seen = new Set<string>();
  let current = taskId;
  while (!seen.has(current)) {
    seen.add(current);
    const starter: { id: string } | undefined = await linksFromDeploymentSteps(
      db,
    )
      .where(`${STEP_LINKS_TABLE}.started_task_id`, current)
      .first('starter.id as id');
    if (!starter) {
      break;
    }
    current = starter.id;
  }
  return current;
}
