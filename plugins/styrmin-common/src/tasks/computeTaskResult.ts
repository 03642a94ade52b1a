import { TaskResult } from '../domain/TaskResult';
import { FlowRunState } from './FlowRunState';
import { TaskGraph, TaskGraphTask } from './TaskGraph';

/** The flow of a task "runs" until a worker ends it: waiting to be claimed counts. */
const RUNNING_FLOW_STATES: ReadonlySet<FlowRunState> = new Set([
  'SCHEDULED',
  'RUNNING',
]);

/** The flow of a task "failed" when its worker reported a failure or it crashed. */
const FAILED_FLOW_STATES: ReadonlySet<FlowRunState> = new Set([
  'FAILED',
  'CRASHED',
]);

/**
 * Computes the result of a task as users view it, on every read; it is never stored.
 *
 * It covers the task and every task that its steps started, at any depth (see
 * {@link TaskGraph}). The glossary's rules are tried in their order and the first that
 * matches applies:
 *
 * 1. RUNNING while the flow of one of these tasks runs (SCHEDULED or RUNNING), or one of
 *    their steps is RUNNING, or is PENDING and does not wait behind a failed step. A PENDING
 *    step waits behind a failed step when a step before it in the same task is FAILED: its
 *    flow stopped at the failure and will never start it.
 * 2. FAILED when the flow of one of these tasks FAILED or CRASHED, or one of their steps is
 *    FAILED.
 * 3. SUPERSEDED when a step of one of these tasks is SUPERSEDED by a task outside them. A
 *    step is recorded SUPERSEDED, with the id of the task that interrupted it, when that task
 *    takes over the StyrminDeployment resource while the operator phases of this one run;
 *    every step of the interrupted task that had not ended is recorded so, because none of
 *    them will run. A step superseded by one of these tasks (a task that a hook step of the
 *    same tree started) does not count: the tree interrupted itself.
 * 4. SUCCEEDED otherwise.
 *
 * A task without steps takes its result from its status, which is what the same rules give:
 * RUNNING while its flow runs, FAILED when it failed or crashed, SUCCEEDED when it succeeded.
 *
 * Links cannot form a cycle (a task is started after the step that starts it), but a cycle
 * in the records would not make this loop: each task counts once.
 *
 * @public
 */
export function computeTaskResult(graph: TaskGraph): TaskResult {
  const tasks = collectLinkedTasks(graph);
  const taskIds = new Set(tasks.map(task => task.id));

  if (tasks.some(isRunning)) {
    return 'RUNNING';
  }
  if (tasks.some(hasFailed)) {
    return 'FAILED';
  }
  const supersededFromOutside = tasks.some(task =>
    task.steps.some(
      step =>
        step.status === 'SUPERSEDED' &&
        !(step.supersededByTaskId && taskIds.has(step.supersededByTaskId)),
    ),
  );
  return supersededFromOutside ? 'SUPERSEDED' : 'SUCCEEDED';
}

function isRunning(task: TaskGraphTask): boolean {
  if (RUNNING_FLOW_STATES.has(task.status)) {
    return true;
  }
  let behindFailedStep = false;
  for (const step of task.steps) {
    if (
      step.status === 'RUNNING' ||
      (step.status === 'PENDING' && !behindFailedStep)
    ) {
      return true;
    }
    behindFailedStep ||= step.status === 'FAILED';
  }
  return false;
}

function hasFailed(task: TaskGraphTask): boolean {
  return (
    FAILED_FLOW_STATES.has(task.status) ||
    task.steps.some(step => step.status === 'FAILED')
  );
}

/** The task and the tasks its steps started, at any depth, each once. */
function collectLinkedTasks(graph: TaskGraph): TaskGraphTask[] {
  const byId = new Map(graph.tasks.map(task => [task.id, task]));
  const collected = new Map<string, TaskGraphTask>();
  const toVisit: Array<{ id: string; linkedFrom?: string }> = [
    { id: graph.taskId },
  ];
  for (let next = toVisit.pop(); next; next = toVisit.pop()) {
    if (collected.has(next.id)) {
      continue;
    }
    const task = byId.get(next.id);
    if (!task) {
      // A result computed without part of the tree would be silently wrong.
      throw new Error(
        next.linkedFrom
          ? `Task ${next.linkedFrom} started task ${next.id}, which is missing from the task graph`
          : `Task ${next.id} is missing from its own task graph`,
      );
    }
    collected.set(task.id, task);
    for (const step of task.steps) {
      for (const id of step.startedTaskIds) {
        toVisit.push({ id, linkedFrom: task.id });
      }
    }
  }
  return [...collected.values()];
}
