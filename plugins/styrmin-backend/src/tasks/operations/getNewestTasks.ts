import { onlyUuids } from '../../database/uuid';
import { Task, TaskStoreNewestTasksOptions } from '../TaskStore';
import { DbTaskRow, TASKS_TABLE } from '../tables';
import { TaskOperationOptions } from './TaskOperationOptions';
import { loadTasks } from './loadTasks';
import { startedByAStep } from './startedByAStep';

/** `TaskStore.getNewestTasks`. */
export async function getNewestTasks(
  options: TaskOperationOptions<TaskStoreNewestTasksOptions>,
): Promise<Task[]> {
  const { tx, deploymentIds, ignoreTypes = [] } = options;
  if (deploymentIds.length === 0) {
    return [];
  }
  // The newest tasks' ids as a subquery of the read of the tasks: one round trip.
  const newest = tx<DbTaskRow>(`${TASKS_TABLE} as t`)
    .whereIn('t.deployment_id', onlyUuids(deploymentIds))
    .whereNotIn('t.type', ignoreTypes)
    .whereNotExists(startedByAStep(tx, 't.id'))
    .whereNotExists(
      tx(`${TASKS_TABLE} as n`)
        .select(tx.raw('1'))
        .whereRaw('?? = ??', ['n.deployment_id', 't.deployment_id'])
        .whereRaw('?? > ??', ['n.sequence', 't.sequence'])
        .whereNotIn('n.type', ignoreTypes)
        .whereNotExists(startedByAStep(tx, 'n.id')),
    )
    .select('t.id');
  return loadTasks(options.secretBox, tx, 'id', newest);
}
