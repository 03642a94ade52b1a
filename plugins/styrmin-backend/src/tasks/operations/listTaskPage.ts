import { onlyUuids } from '../../database/uuid';
import {
  TaskStoreListTaskPageOptions,
  TaskStoreListTaskPageResult,
} from '../TaskStore';
import { DbTaskRow, TASKS_TABLE } from '../tables';
import { TaskOperationOptions } from './TaskOperationOptions';
import { loadTasks } from './loadTasks';
import { startedByAStep } from './startedByAStep';

/** `TaskStore.listTaskPage`. */
export async function listTaskPage(
  options: TaskOperationOptions<TaskStoreListTaskPageOptions>,
): Promise<TaskStoreListTaskPageResult> {
  const { tx, limit, after } = options;
  let query = tx<DbTaskRow>(TASKS_TABLE);
  if (options.environmentId === undefined) {
    query = query.whereIn('deployment_id', onlyUuids(options.deploymentIds));
  } else {
    query = query.whereIn('environment_id', onlyUuids([options.environmentId]));
    query = options.environmentTasks
      ? query.whereNull('deployment_id')
      : query.whereNotNull('deployment_id');
  }
  if (options.topLevel) {
    query = query.whereNotExists(startedByAStep(tx, `${TASKS_TABLE}.id`));
  }
  if (after) {
    const createdAt = new Date(after.createdAt);
    query = query.where(older =>
      older
        .where('created_at', '<', createdAt)
        .orWhere(same =>
          same.where('created_at', '=', createdAt).where('id', '<', after.id),
        ),
    );
  }
  const rows = await query
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit + 1)
    .select<Array<Pick<DbTaskRow, 'id'>>>('id');
  const ids = rows.slice(0, limit).map(row => row.id);
  const loaded = new Map(
    (await loadTasks(options.secretBox, tx, 'id', ids)).map(task => [
      task.id,
      task,
    ]),
  );
  return {
    tasks: ids.flatMap(id => loaded.get(id) ?? []),
    hasNextPage: rows.length > limit,
  };
}
