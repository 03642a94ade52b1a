import { onlyUuids } from '../../database/uuid';
import { Task, TaskStoreNewestTasksOptions } from '../TaskStore';
import { DbTaskRow, STEP_LINKS_TABLE, TASKS_TABLE } from '../tables';
import { TaskOperationOptions } from './TaskOperationOptions';
import { loadTasks } from './loadTasks';

/** `TaskStore.getNewestTasks`. */
export async function getNewestTasks(
  options: TaskOperationOptions<TaskStoreNewestTasksOptions>,
): Promise<Task[]> {
  const { tx, deploymentIds, ignoreTypes = [] } = options;
  if (deploymentIds.length === 0) {
    return [];
  }
  const startedByAStep = (alias: string) =>
    tx(STEP_LINKS_TABLE)
      .select(tx.raw('1'))
      .whereRaw('?? = ??', [`${STEP_LINKS_TABLE}.started_task_id`, alias]);
  const rows = await tx<DbTaskRow>(`${TASKS_TABLE} as t`)
    .whereIn('t.deployment_id', onlyUuids(deploymentIds))
    .whereNotIn('t.type', ignoreTypes)
    .whereNotExists(startedByAStep('t.id'))
    .whereNotExists(
      tx(`${TASKS_TABLE} as n`)
        .select(tx.raw('1'))
        .whereRaw('?? = ??', ['n.deployment_id', 't.deployment_id'])
        .whereRaw('?? > ??', ['n.sequence', 't.sequence'])
        .whereNotIn('n.type', ignoreTypes)
        .whereNotExists(startedByAStep('n.id')),
    )
    .select<Array<Pick<DbTaskRow, 'id'>>>('t.id');
  return loadTasks(
    tx,
    'id',
    rows.map(row => row.id),
  );
}
