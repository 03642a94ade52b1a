import { TaskGraph } from '@styrmin/plugin-styrmin-common';
import { Task } from './TaskStore';

/**
 * The TaskGraph of each of `taskIds` that `load` finds: the task and every task its steps
 * started, at any depth. `load` is asked for one level of started tasks at a time, each task
 * once (so a cycle in the records ends the walk too): the store reads a level in one round
 * of queries, a request's loaders answer the tasks they already hold without any.
 *
 * @internal
 */
export async function buildTaskGraphs(
  taskIds: readonly string[],
  load: (ids: string[]) => Promise<Task[]>,
): Promise<TaskGraph[]> {
  const tasks = new Map<string, Task>();
  for (let level = [...new Set(taskIds)]; level.length > 0; ) {
    const loaded = await load(level);
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
