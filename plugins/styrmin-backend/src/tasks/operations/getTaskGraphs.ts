import { TaskGraph } from '@styrmin/plugin-styrmin-common';
import { onlyUuids } from '../../database/uuid';
import { buildTaskGraphs } from '../buildTaskGraphs';
import { TaskStoreGetManyOptions } from '../TaskStore';
import { TaskOperationOptions } from './TaskOperationOptions';
import { loadTasks } from './loadTasks';

/** `TaskStore.getTaskGraphs`: one round of queries per level of links. */
export async function getTaskGraphs(
  options: TaskOperationOptions<TaskStoreGetManyOptions>,
): Promise<TaskGraph[]> {
  const { tx, taskIds } = options;
  const known = new Set(onlyUuids(taskIds));
  return buildTaskGraphs(
    taskIds.filter(taskId => known.has(taskId)),
    level => loadTasks(options.secretBox, tx, 'id', level),
  );
}
