import { TaskGraph } from '@styrmin/plugin-styrmin-common';
import { onlyUuids } from '../../database/uuid';
import { Task, TaskStoreGetManyOptions } from '../TaskStore';
import { TaskOperationOptions } from './TaskOperationOptions';
import { loadTasks } from './loadTasks';

/** `TaskStore.getTaskGraphs`. */
export async function getTaskGraphs(
  options: TaskOperationOptions<TaskStoreGetManyOptions>,
): Promise<TaskGraph[]> {
  const { tx, taskIds } = options;
  const tasks = new Map<string, Task>();
  // One round of queries per level of links; each task is loaded once, so a cycle in the
  // records ends the walk too.
  for (let level = [...new Set(onlyUuids(taskIds))]; level.length > 0; ) {
    const loaded = await loadTasks(options.secretBox, tx, 'id', level);
    for (const task of loaded) {
      tasks.set(task.id, task);
    }
    const started = loaded.flatMap(task =>
      task.steps.flatMap(step => step.startedTaskIds),
    );
    level = [...new Set(started)].filter(id => !tasks.has(id));
  }
  return taskIds
    .filter(taskId => tasks.has(taskId))
    .map(taskId => ({
      taskId,
      tasks: linkedTasks(taskId, tasks).map(task => ({
        id: task.id,
        status: task.status,
        steps: task.steps.map(step => ({
          status: step.status,
          supersededByTaskId: step.supersededByTaskId,
          startedTaskIds: step.startedTaskIds,
        })),
      })),
    }));
}

/** A task and every task that its steps started, at any depth, among those loaded. */
function linkedTasks(
  taskId: string,
  loaded: ReadonlyMap<string, Task>,
): Task[] {
  const found = new Map<string, Task>();
  for (const next = [taskId]; next.length > 0; ) {
    const task = loaded.get(next.pop()!);
    if (task && !found.has(task.id)) {
      found.set(task.id, task);
      next.push(...task.steps.flatMap(step => step.startedTaskIds));
    }
  }
  return [...found.values()];
}
