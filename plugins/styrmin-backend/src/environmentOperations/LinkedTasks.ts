import { computeTaskResult, TaskResult } from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { setTimeout as delay } from 'node:timers/promises';
import { FlowStepRun } from '../flows/Flow';
import { TaskStartedBy } from '../remediator/Remediator';
import { Task, TaskStore } from '../tasks/TaskStore';

/** How often {@link LinkedTasks.waitFor} reads the tasks it waits for. */
const DEFAULT_POLL_INTERVAL_MS = 1000;

/**
 * Options of {@link LinkedTasks.create}.
 *
 * @internal
 */
export type LinkedTasksOptions = {
  knex: Knex;
  tasks: TaskStore;
  /** Default one second; tests wait less. */
  pollIntervalMs?: number;
};

/**
 * What a per-deployment service records for a step: the task(s) it started, each linked
 * to the step with `startedBy` (a service that starts several derives one key each from
 * `startedBy.startKey`, as `${startKey}/<part>`).
 *
 * @internal
 */
export type LinkedTaskStart<T extends Task | Task[]> = (
  tx: Knex.Transaction,
  startedBy: TaskStartedBy,
) => Promise<T>;

/**
 * A linked task once it ended, with its task result (which covers the tasks it started).
 *
 * @internal
 */
export type EndedLinkedTask = { task: Task; result: TaskResult };

/**
 * How the steps of the server's flows (the environment operations) start the deployments'
 * tasks on the clusters' pools and wait for them, so that a backend killed in the middle of
 * a step, whose run another worker claims again, neither starts a task twice nor loses one.
 *
 * A start is keyed `${flowRunId}/${stepId}/${key}`: in one transaction, the task of that
 * start key is found, or the service starts it with that key and links the step to it (the
 * start key is unique, so a second start of the same key is refused rather than doubled).
 * The linked tasks are the step's started tasks: the parent task's result covers them.
 *
 * @internal
 */
export class LinkedTasks {
  readonly #knex: Knex;
  readonly #tasks: TaskStore;
  readonly #pollIntervalMs: number;

  static create(options: LinkedTasksOptions): LinkedTasks {
    return new LinkedTasks(options);
  }

  private constructor(options: LinkedTasksOptions) {
    this.#knex = options.knex;
    this.#tasks = options.tasks;
    this.#pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  }

  /** The task that the step started under `key`: found again, or started now. */
  async start(
    stepRun: FlowStepRun,
    key: string,
    start: LinkedTaskStart<Task>,
  ): Promise<Task> {
    const startedBy = startedByOf(stepRun, key);
    return this.#knex.transaction(async tx => {
      const found = await this.#tasks.getTaskByStartKey({
        tx,
        startKey: startedBy.startKey,
      });
      return found ?? start(tx, startedBy);
    });
  }

  /**
   * The tasks that the step started together under `key` (an environment backup's
   * constituents): found again (those linked to the step whose start keys derive from the
   * key), or started now, all in one transaction.
   */
  async startMany(
    stepRun: FlowStepRun,
    key: string,
    start: LinkedTaskStart<Task[]>,
  ): Promise<Task[]> {
    const startedBy = startedByOf(stepRun, key);
    return this.#knex.transaction(async tx => {
      const step = await this.#tasks.getStep({ tx, stepId: stepRun.step.id });
      const linked = await this.#tasks.getTasks({
        tx,
        taskIds: step?.startedTaskIds ?? [],
      });
      const found = linked.filter(
        task =>
          task.startKey === startedBy.startKey ||
          task.startKey?.startsWith(`${startedBy.startKey}/`),
      );
      return found.length > 0 ? found : start(tx, startedBy);
    });
  }

  /**
   * Resolves with each task and its result, in the order of `taskIds`, once every one has
   * ended (its result is no longer RUNNING). Rejects when the step's signal aborts.
   */
  async waitFor(
    stepRun: FlowStepRun,
    taskIds: readonly string[],
  ): Promise<EndedLinkedTask[]> {
    const { signal } = stepRun;
    for (;;) {
      signal.throwIfAborted();
      const ended = await this.#endedTasks(taskIds);
      if (ended) {
        return ended;
      }
      await delay(this.#pollIntervalMs, undefined, { signal });
    }
  }

  /** The tasks with their results, when every one has ended; else undefined. */
  async #endedTasks(
    taskIds: readonly string[],
  ): Promise<EndedLinkedTask[] | undefined> {
    const [tasks, graphs] = await Promise.all([
      this.#tasks.getTasks({ taskIds: [...taskIds] }),
      this.#tasks.getTaskGraphs({ taskIds: [...taskIds] }),
    ]);
    const ended: EndedLinkedTask[] = [];
    for (const id of taskIds) {
      const task = tasks.find(t => t.id === id);
      const graph = graphs.find(g => g.taskId === id);
      if (!task || !graph) {
        throw new Error(`The linked task ${id} is not stored`);
      }
      const result = computeTaskResult(graph);
      if (result === 'RUNNING') {
        return undefined;
      }
      ended.push({ task, result });
    }
    return ended;
  }
}

function startedByOf(stepRun: FlowStepRun, key: string): TaskStartedBy {
  return {
    stepId: stepRun.step.id,
    startKey: `${stepRun.flowRun.id}/${stepRun.step.id}/${key}`,
  };
}
