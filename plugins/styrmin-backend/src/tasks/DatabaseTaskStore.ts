import { DatabaseService } from '@backstage/backend-plugin-api';
import { TaskGraph } from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { Clock, systemClock } from '../database/Clock';
import { connectDatabase } from '../database/migrations';
import { onlyUuids } from '../database/uuid';
import { FLOW_RUNS_TABLE } from '../flows/tables';
import { SecretBox } from '../secrets/SecretBox';
import { createTask } from './operations/createTask';
import { failNextStep } from './operations/failNextStep';
import { findTasksByIdPrefix } from './operations/findTasksByIdPrefix';
import { failRunningSteps } from './operations/failRunningSteps';
import { failStep } from './operations/failStep';
import { getNewestTasks } from './operations/getNewestTasks';
import { getTaskGraphs } from './operations/getTaskGraphs';
import { linkStartedTask } from './operations/linkStartedTask';
import { listTaskPage } from './operations/listTaskPage';
import { loadTasks } from './operations/loadTasks';
import { recordStepLines } from './operations/recordStepLines';
import { rootTaskIdOf } from './operations/startedByAStep';
import { startStep } from './operations/startStep';
import { succeedStep } from './operations/succeedStep';
import { supersedeSteps } from './operations/supersedeSteps';
import { TaskOperationOptions } from './operations/TaskOperationOptions';
import {
  Step,
  Task,
  TaskStore,
  TaskStoreCreateTaskOptions,
  TaskStoreFailStepsOfFlowRunOptions,
  TaskStoreFailStepOptions,
  TaskStoreFindByIdPrefixOptions,
  TaskStoreRecordStepLinesOptions,
  TaskStoreGetManyOptions,
  TaskStoreGetStepOptions,
  TaskStoreGetTaskByStartKeyOptions,
  TaskStoreGetTaskGraphOptions,
  TaskStoreGetTaskOfFlowRunOptions,
  TaskStoreGetTaskOptions,
  TaskStoreLinkStartedTaskOptions,
  TaskStoreListTaskPageOptions,
  TaskStoreListTaskPageResult,
  TaskStoreListTasksOptions,
  TaskStoreNewestTasksOptions,
  TaskStoreStepOptions,
  TaskStoreSucceedStepOptions,
  TaskStoreSupersedeStepsOptions,
} from './TaskStore';
import { DbStepRow, DbTaskRow, STEPS_TABLE, TASKS_TABLE } from './tables';

/**
 * Options of {@link DatabaseTaskStore.create}.
 *
 * @internal
 */
export type DatabaseTaskStoreOptions = {
  database: DatabaseService;
  /** Seals the answers to the prompts, which hold secret values. */
  secretBox: SecretBox;
  /** Defaults to the system clock; tests move a clock of their own. */
  clock?: Clock;
};

/**
 * The {@link TaskStore} on the plugin's database (SQLite or PostgreSQL). Each write and
 * each larger read is an operation of its own (`operations/<verb>.ts`, on the caller's
 * transaction); the class holds the database and the clock.
 *
 * Step reports are compare-and-set updates: the step must be in the status the report
 * moves it from, and the flow run of its task must still be RUNNING under the reporter's
 * lease (an `exists` over the task and its run, evaluated in the same statement). Zero
 * updated rows means the report is refused.
 *
 * @internal
 */
export class DatabaseTaskStore implements TaskStore {
  readonly #knex: Knex;
  readonly #box: SecretBox;
  readonly #clock: Clock;

  /** Connects and migrates the database unless the deployment manages migrations itself. */
  static async create(
    options: DatabaseTaskStoreOptions,
  ): Promise<DatabaseTaskStore> {
    const { database, secretBox, clock = systemClock } = options;
    return new DatabaseTaskStore(
      await connectDatabase(database),
      secretBox,
      clock,
    );
  }

  private constructor(knex: Knex, box: SecretBox, clock: Clock) {
    this.#knex = knex;
    this.#box = box;
    this.#clock = clock;
  }

  createTask(options: TaskStoreCreateTaskOptions): Promise<Task> {
    return createTask(this.#operation(options));
  }

  async getTask(options: TaskStoreGetTaskOptions): Promise<Task | undefined> {
    const { tx = this.#knex, taskId } = options;
    const [task] = await loadTasks(this.#box, tx, 'id', onlyUuids([taskId]));
    return task;
  }

  findTasksByIdPrefix(
    options: TaskStoreFindByIdPrefixOptions,
  ): Promise<Task[]> {
    return findTasksByIdPrefix(this.#operation(options));
  }

  async getTaskOfFlowRun(
    options: TaskStoreGetTaskOfFlowRunOptions,
  ): Promise<Task | undefined> {
    const { tx = this.#knex, flowRunId } = options;
    const [task] = await loadTasks(this.#box, tx, 'flow_run_id', [flowRunId]);
    return task;
  }

  async getTaskByStartKey(
    options: TaskStoreGetTaskByStartKeyOptions,
  ): Promise<Task | undefined> {
    const { tx = this.#knex, startKey } = options;
    const [task] = await loadTasks(this.#box, tx, 'start_key', [startKey]);
    return task;
  }

  async listTasks(options: TaskStoreListTasksOptions): Promise<Task[]> {
    const { tx = this.#knex, deploymentId, statuses } = options;
    let query = tx<DbTaskRow>(TASKS_TABLE)
      .join(
        FLOW_RUNS_TABLE,
        `${FLOW_RUNS_TABLE}.id`,
        `${TASKS_TABLE}.flow_run_id`,
      )
      .where(`${TASKS_TABLE}.deployment_id`, deploymentId);
    if (statuses) {
      query = query.whereIn(`${FLOW_RUNS_TABLE}.state`, statuses);
    }
    const rows = await query.select<Array<Pick<DbTaskRow, 'id'>>>(
      `${TASKS_TABLE}.id`,
    );
    return loadTasks(
      this.#box,
      tx,
      'id',
      rows.map(row => row.id),
    );
  }

  listTaskPage(
    options: TaskStoreListTaskPageOptions,
  ): Promise<TaskStoreListTaskPageResult> {
    return listTaskPage(this.#operation(options));
  }

  getNewestTasks(options: TaskStoreNewestTasksOptions): Promise<Task[]> {
    return getNewestTasks(this.#operation(options));
  }

  async getRootTask(
    options: TaskStoreGetTaskOptions,
  ): Promise<Task | undefined> {
    const { tx = this.#knex, taskId } = options;
    const ids = onlyUuids([taskId]);
    if (ids.length === 0) {
      return undefined;
    }
    const rootId = await rootTaskIdOf(tx, taskId);
    const [task] = await loadTasks(this.#box, tx, 'id', [rootId]);
    return task;
  }

  async getStep(options: TaskStoreGetStepOptions): Promise<Step | undefined> {
    const { tx = this.#knex, stepId } = options;
    const [row] = await tx<DbStepRow>(STEPS_TABLE)
      .whereIn('id', onlyUuids([stepId]))
      .select('task_id');
    if (!row) {
      return undefined;
    }
    const [task] = await loadTasks(this.#box, tx, 'id', [row.task_id]);
    return task?.steps.find(step => step.id === stepId);
  }

  async getTasks(options: TaskStoreGetManyOptions): Promise<Task[]> {
    const { tx = this.#knex, taskIds } = options;
    return loadTasks(this.#box, tx, 'id', onlyUuids(taskIds));
  }

  async getTaskGraph(
    options: TaskStoreGetTaskGraphOptions,
  ): Promise<TaskGraph | undefined> {
    const { tx, taskId } = options;
    const [graph] = await this.getTaskGraphs({ tx, taskIds: [taskId] });
    return graph;
  }

  getTaskGraphs(options: TaskStoreGetManyOptions): Promise<TaskGraph[]> {
    return getTaskGraphs(this.#operation(options));
  }

  startStep(options: TaskStoreStepOptions): Promise<void> {
    return startStep(this.#operation(options));
  }

  succeedStep(options: TaskStoreSucceedStepOptions): Promise<void> {
    return succeedStep(this.#operation(options));
  }

  failStep(options: TaskStoreFailStepOptions): Promise<void> {
    return failStep(this.#operation(options));
  }

  recordStepLines(options: TaskStoreRecordStepLinesOptions): Promise<void> {
    return recordStepLines(this.#operation(options));
  }

  failRunningSteps(
    options: TaskStoreFailStepsOfFlowRunOptions,
  ): Promise<number> {
    return failRunningSteps(this.#operation(options));
  }

  failNextStep(options: TaskStoreFailStepsOfFlowRunOptions): Promise<boolean> {
    return failNextStep(this.#operation(options));
  }

  linkStartedTask(options: TaskStoreLinkStartedTaskOptions): Promise<void> {
    return linkStartedTask(this.#operation(options));
  }

  supersedeSteps(options: TaskStoreSupersedeStepsOptions): Promise<number> {
    return supersedeSteps(this.#operation(options));
  }

  /** The options of an operation: the caller's transaction, or the store's database. */
  #operation<T extends { tx?: Knex | Knex.Transaction }>(
    options: T,
  ): TaskOperationOptions<T> {
    return {
      ...options,
      tx: options.tx ?? this.#knex,
      clock: this.#clock,
      secretBox: this.#box,
    };
  }
}
