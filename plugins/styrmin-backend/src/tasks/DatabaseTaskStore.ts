import {
  DatabaseService,
  isDatabaseConflictError,
} from '@backstage/backend-plugin-api';
import { ConflictError, InputError, NotFoundError } from '@backstage/errors';
import {
  FlowRunState,
  outputTail,
  PromptAnswers,
  StepStatus,
  TaskGraph,
  TaskType,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { Clock, systemClock } from '../database/Clock';
import { inTransaction } from '../database/inTransaction';
import { connectDatabase } from '../database/migrations';
import { parseJsonColumn } from '../database/parseJsonColumn';
import {
  DbFlowRunRow,
  DbStepErrorRow,
  DbStepLinkRow,
  DbStepRow,
  DbTaskRow,
  FLOW_RUNS_TABLE,
  STEP_ERRORS_TABLE,
  STEP_LINKS_TABLE,
  STEPS_TABLE,
  TASKS_TABLE,
} from '../database/tables';
import {
  fromDbTimestamp,
  fromOptionalDbTimestamp,
} from '../database/timestamps';
import { onlyUuids } from '../database/uuid';
import { DEPLOYMENTS_TABLE } from '../deployments/tables';
import { FlowRunLease } from '../flows/FlowRunStore';
import {
  Step,
  Task,
  TaskStore,
  TaskStoreCreateTaskOptions,
  TaskStoreFailStepsOfFlowRunOptions,
  TaskStoreFailStepOptions,
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
  TaskStoreSupersedeStepsOptions,
} from './TaskStore';

type Db = Knex | Knex.Transaction;

/** The columns a new task is written with; PostgreSQL draws `sequence` itself. */
type DbNewTaskRow = Omit<DbTaskRow, 'sequence'> & {
  sequence?: Knex.Raw;
};

/** A task row with its flow run's state, which is the task's status. */
type DbTaskWithStatusRow = DbTaskRow & { status: DbFlowRunRow['state'] };

/**
 * Options of {@link DatabaseTaskStore.create}.
 *
 * @internal
 */
export type DatabaseTaskStoreOptions = {
  database: DatabaseService;
  /** Defaults to the system clock; tests move a clock of their own. */
  clock?: Clock;
};

/**
 * The {@link TaskStore} on the plugin's database (SQLite or PostgreSQL).
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
  readonly #clock: Clock;

  /** Connects and migrates the database unless the deployment manages migrations itself. */
  static async create(
    options: DatabaseTaskStoreOptions,
  ): Promise<DatabaseTaskStore> {
    const { database, clock = systemClock } = options;
    return new DatabaseTaskStore(await connectDatabase(database), clock);
  }

  private constructor(knex: Knex, clock: Clock) {
    this.#knex = knex;
    this.#clock = clock;
  }

  async createTask(options: TaskStoreCreateTaskOptions): Promise<Task> {
    const { tx = this.#knex, stepNames } = options;
    if (stepNames.some(name => !name.trim())) {
      throw new InputError('Every step of a task needs a name');
    }
    const task: DbNewTaskRow = {
      id: randomUUID(),
      type: TaskType.parse(options.type),
      deployment_id: options.deploymentId,
      flow_run_id: options.flowRunId,
      created_by: options.createdBy,
      created_at: this.#clock.now(),
      prompts:
        options.prompts && Object.keys(options.prompts).length > 0
          ? JSON.stringify(options.prompts)
          : null,
      start_key: options.startKey ?? null,
    };
    return inTransaction(tx, async trx => {
      // PostgreSQL draws the sequence from its own (the column's default), safe under
      // concurrent transactions; SQLite runs one write transaction at a time, so one more
      // than the largest is unique there.
      if (trx.client.dialect !== 'postgresql') {
        task.sequence = trx.raw('(select coalesce(max(??), 0) + 1 from ??)', [
          'sequence',
          TASKS_TABLE,
        ]);
      }
      try {
        await trx(TASKS_TABLE).insert(task);
      } catch (error) {
        if (options.startKey && isDatabaseConflictError(error)) {
          throw new ConflictError(
            `A task with start key ${options.startKey} exists already`,
          );
        }
        throw error;
      }
      if (stepNames.length > 0) {
        await trx<DbStepRow>(STEPS_TABLE).insert(
          stepNames.map((name, position) => ({
            id: randomUUID(),
            task_id: task.id,
            position,
            name,
            status: 'PENDING',
            attempts: 0,
            started_at: null,
            ended_at: null,
            superseded_by_task_id: null,
          })),
        );
      }
      const [created] = await this.#loadTasks(trx, 'id', [task.id]);
      return created;
    });
  }

  async getTask(options: TaskStoreGetTaskOptions): Promise<Task | undefined> {
    const { tx = this.#knex, taskId } = options;
    const [task] = await this.#loadTasks(tx, 'id', onlyUuids([taskId]));
    return task;
  }

  async getTaskOfFlowRun(
    options: TaskStoreGetTaskOfFlowRunOptions,
  ): Promise<Task | undefined> {
    const { tx = this.#knex, flowRunId } = options;
    const [task] = await this.#loadTasks(tx, 'flow_run_id', [flowRunId]);
    return task;
  }

  async getTaskByStartKey(
    options: TaskStoreGetTaskByStartKeyOptions,
  ): Promise<Task | undefined> {
    const { tx = this.#knex, startKey } = options;
    const [task] = await this.#loadTasks(tx, 'start_key', [startKey]);
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
    return this.#loadTasks(
      tx,
      'id',
      rows.map(row => row.id),
    );
  }

  async listTaskPage(
    options: TaskStoreListTaskPageOptions,
  ): Promise<TaskStoreListTaskPageResult> {
    const {
      tx = this.#knex,
      deploymentIds,
      environmentId,
      limit,
      after,
    } = options;
    let query = tx<DbTaskRow>(TASKS_TABLE).whereIn(
      'deployment_id',
      environmentId === undefined
        ? onlyUuids(deploymentIds)
        : tx(DEPLOYMENTS_TABLE)
            .whereIn('environment_id', onlyUuids([environmentId]))
            .select('id'),
    );
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
      (await this.#loadTasks(tx, 'id', ids)).map(task => [task.id, task]),
    );
    return {
      tasks: ids.flatMap(id => loaded.get(id) ?? []),
      hasNextPage: rows.length > limit,
    };
  }

  async getNewestTasks(options: TaskStoreNewestTasksOptions): Promise<Task[]> {
    const { tx = this.#knex, deploymentIds } = options;
    if (deploymentIds.length === 0) {
      return [];
    }
    const startedByAStep = (alias: string) =>
      tx(STEP_LINKS_TABLE)
        .select(tx.raw('1'))
        .whereRaw('?? = ??', [`${STEP_LINKS_TABLE}.started_task_id`, alias]);
    const rows = await tx<DbTaskRow>(`${TASKS_TABLE} as t`)
      .whereIn('t.deployment_id', onlyUuids(deploymentIds))
      .whereNotExists(startedByAStep('t.id'))
      .whereNotExists(
        tx(`${TASKS_TABLE} as n`)
          .select(tx.raw('1'))
          .whereRaw('?? = ??', ['n.deployment_id', 't.deployment_id'])
          .whereRaw('?? > ??', ['n.sequence', 't.sequence'])
          .whereNotExists(startedByAStep('n.id')),
      )
      .select<Array<Pick<DbTaskRow, 'id'>>>('t.id');
    return this.#loadTasks(
      tx,
      'id',
      rows.map(row => row.id),
    );
  }

  async getStep(options: TaskStoreGetStepOptions): Promise<Step | undefined> {
    const { tx = this.#knex, stepId } = options;
    const [row] = await tx<DbStepRow>(STEPS_TABLE)
      .whereIn('id', onlyUuids([stepId]))
      .select('task_id');
    if (!row) {
      return undefined;
    }
    const [task] = await this.#loadTasks(tx, 'id', [row.task_id]);
    return task?.steps.find(step => step.id === stepId);
  }

  async getTasks(options: TaskStoreGetManyOptions): Promise<Task[]> {
    const { tx = this.#knex, taskIds } = options;
    return this.#loadTasks(tx, 'id', onlyUuids(taskIds));
  }

  async getTaskGraph(
    options: TaskStoreGetTaskGraphOptions,
  ): Promise<TaskGraph | undefined> {
    const { tx, taskId } = options;
    const [graph] = await this.getTaskGraphs({ tx, taskIds: [taskId] });
    return graph;
  }

  async getTaskGraphs(options: TaskStoreGetManyOptions): Promise<TaskGraph[]> {
    const { tx = this.#knex, taskIds } = options;
    const tasks = new Map<string, Task>();
    // One round of queries per level of links; each task is loaded once, so a cycle in the
    // records ends the walk too.
    for (let level = [...new Set(onlyUuids(taskIds))]; level.length > 0; ) {
      const loaded = await this.#loadTasks(tx, 'id', level);
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

  async startStep(options: TaskStoreStepOptions): Promise<void> {
    const { tx = this.#knex, stepId, lease, stepAttempt } = options;
    const updated = await tx<DbStepRow>(STEPS_TABLE)
      .where({ id: stepId })
      .whereIn('status', ['PENDING', 'FAILED'] satisfies StepStatus[])
      .where(attemptIs(stepAttempt === undefined ? undefined : stepAttempt - 1))
      .whereExists(leaseHeldForStep(tx, lease))
      .update({
        status: 'RUNNING',
        attempts: tx.raw('?? + 1', ['attempts']),
        started_at: this.#clock.now(),
        ended_at: null,
      });
    if (updated !== 1) {
      throw await this.#refusedStepReport(tx, stepId, lease, 'start');
    }
  }

  async succeedStep(options: TaskStoreStepOptions): Promise<void> {
    const { tx = this.#knex, stepId, lease, stepAttempt } = options;
    const updated = await tx<DbStepRow>(STEPS_TABLE)
      .where({ id: stepId, status: 'RUNNING' })
      .where(attemptIs(stepAttempt))
      .whereExists(leaseHeldForStep(tx, lease))
      .update({ status: 'SUCCEEDED', ended_at: this.#clock.now() });
    if (updated !== 1) {
      throw await this.#refusedStepReport(tx, stepId, lease, 'succeed');
    }
  }

  async failStep(options: TaskStoreFailStepOptions): Promise<void> {
    const {
      tx = this.#knex,
      stepId,
      lease,
      stepAttempt,
      message,
      output,
    } = options;
    await inTransaction(tx, async trx => {
      const updated = await trx<DbStepRow>(STEPS_TABLE)
        .where({ id: stepId, status: 'RUNNING' })
        .where(attemptIs(stepAttempt))
        .whereExists(leaseHeldForStep(trx, lease))
        .update({ status: 'FAILED', ended_at: this.#clock.now() });
      if (updated !== 1) {
        throw await this.#refusedStepReport(trx, stepId, lease, 'fail');
      }
      const { attempts } = (await trx<DbStepRow>(STEPS_TABLE)
        .where({ id: stepId })
        .first('attempts'))!;
      await this.#recordError(trx, {
        stepId,
        attempt: attempts,
        message,
        output,
      });
    });
  }

  async failRunningSteps(
    options: TaskStoreFailStepsOfFlowRunOptions,
  ): Promise<number> {
    const { tx = this.#knex, flowRunId, message } = options;
    return inTransaction(tx, async trx => {
      const running = await stepsOfFlowRun(trx, flowRunId).where(
        `${STEPS_TABLE}.status`,
        'RUNNING',
      );
      let failed = 0;
      for (const step of running) {
        failed += Number(await this.#failUnreported(trx, step, message));
      }
      return failed;
    });
  }

  async failNextStep(
    options: TaskStoreFailStepsOfFlowRunOptions,
  ): Promise<boolean> {
    const { tx = this.#knex, flowRunId, message } = options;
    return inTransaction(tx, async trx => {
      const next = await stepsOfFlowRun(trx, flowRunId)
        .whereNotIn(`${STEPS_TABLE}.status`, [
          'SUCCEEDED',
          'SUPERSEDED',
        ] satisfies StepStatus[])
        .orderBy(`${STEPS_TABLE}.position`)
        .first();
      return next !== undefined && this.#failUnreported(trx, next, message);
    });
  }

  async linkStartedTask(
    options: TaskStoreLinkStartedTaskOptions,
  ): Promise<void> {
    const { tx = this.#knex, stepId, startedTaskId } = options;
    await inTransaction(tx, async trx => {
      const [step, task] = await Promise.all([
        trx<DbStepRow>(STEPS_TABLE).where({ id: stepId }).first('id'),
        trx<DbTaskRow>(TASKS_TABLE).where({ id: startedTaskId }).first('id'),
      ]);
      if (!step) {
        throw new NotFoundError(`No step ${stepId}`);
      }
      if (!task) {
        throw new NotFoundError(`No task ${startedTaskId}`);
      }
      const existing = await trx<DbStepLinkRow>(STEP_LINKS_TABLE)
        .where({ started_task_id: startedTaskId })
        .first();
      if (existing) {
        if (existing.step_id === stepId) {
          return;
        }
        throw startedByAnotherStep(startedTaskId, existing.step_id);
      }
      try {
        await trx<DbStepLinkRow>(STEP_LINKS_TABLE).insert({
          step_id: stepId,
          started_task_id: startedTaskId,
        });
      } catch (error) {
        // Another report of a link of the same task won the race since the read above.
        if (isDatabaseConflictError(error)) {
          throw startedByAnotherStep(startedTaskId);
        }
        throw error;
      }
    });
  }

  async supersedeSteps(
    options: TaskStoreSupersedeStepsOptions,
  ): Promise<number> {
    const { tx = this.#knex, taskId, supersededByTaskId } = options;
    if (taskId === supersededByTaskId) {
      throw new InputError(`Task ${taskId} cannot supersede itself`);
    }
    return tx<DbStepRow>(STEPS_TABLE)
      .where({ task_id: taskId })
      .whereIn('status', ['PENDING', 'RUNNING'] satisfies StepStatus[])
      .update({
        status: 'SUPERSEDED',
        superseded_by_task_id: supersededByTaskId,
        ended_at: this.#clock.now(),
      });
  }

  /**
   * Fails a RUNNING or PENDING step that no lease holder will report on, with the error of
   * its current attempt (a PENDING step's attempt failed before it could start). A
   * compare-and-set on the status and attempts read, so that an error is recorded only for
   * the step this call ended.
   */
  async #failUnreported(
    trx: Knex.Transaction,
    step: Pick<DbStepRow, 'id' | 'status' | 'attempts'>,
    message: string,
  ): Promise<boolean> {
    if (step.status !== 'RUNNING' && step.status !== 'PENDING') {
      return false;
    }
    const attempt =
      step.status === 'PENDING' ? step.attempts + 1 : step.attempts;
    const updated = await trx<DbStepRow>(STEPS_TABLE)
      .where({ id: step.id, status: step.status, attempts: step.attempts })
      .update({
        status: 'FAILED',
        attempts: attempt,
        ended_at: this.#clock.now(),
      });
    if (updated !== 1) {
      return false;
    }
    await this.#recordError(trx, { stepId: step.id, attempt, message });
    return true;
  }

  async #recordError(
    db: Db,
    error: {
      stepId: string;
      attempt: number;
      message: string;
      output?: string;
    },
  ): Promise<void> {
    await db<DbStepErrorRow>(STEP_ERRORS_TABLE).insert({
      step_id: error.stepId,
      attempt: error.attempt,
      message: error.message,
      output_tail: error.output === undefined ? null : outputTail(error.output),
      occurred_at: this.#clock.now(),
    });
  }

  /** Tasks with their status, steps, step errors and links, in creation order. */
  async #loadTasks(
    db: Db,
    column: 'id' | 'flow_run_id' | 'start_key',
    values: string[],
  ): Promise<Task[]> {
    const taskRows: DbTaskWithStatusRow[] = await db<DbTaskRow>(TASKS_TABLE)
      .join(
        FLOW_RUNS_TABLE,
        `${FLOW_RUNS_TABLE}.id`,
        `${TASKS_TABLE}.flow_run_id`,
      )
      .whereIn(`${TASKS_TABLE}.${column}`, values)
      .orderBy(`${TASKS_TABLE}.sequence`)
      .select(`${TASKS_TABLE}.*`, `${FLOW_RUNS_TABLE}.state as status`);
    if (taskRows.length === 0) {
      return [];
    }
    const stepRows = await db<DbStepRow>(STEPS_TABLE)
      .whereIn(
        'task_id',
        taskRows.map(row => row.id),
      )
      .orderBy(['task_id', 'position']);
    const stepIds = stepRows.map(row => row.id);
    const [errorRows, linkRows] =
      stepIds.length === 0
        ? [[], []]
        : await Promise.all([
            db<DbStepErrorRow>(STEP_ERRORS_TABLE)
              .whereIn('step_id', stepIds)
              .orderBy(['step_id', 'attempt']),
            db<DbStepLinkRow>(STEP_LINKS_TABLE)
              .join(
                TASKS_TABLE,
                `${TASKS_TABLE}.id`,
                `${STEP_LINKS_TABLE}.started_task_id`,
              )
              .whereIn(`${STEP_LINKS_TABLE}.step_id`, stepIds)
              .orderBy(`${TASKS_TABLE}.sequence`)
              .select<DbStepLinkRow[]>(`${STEP_LINKS_TABLE}.*`),
          ]);

    const steps = stepRows.map(row =>
      toStep(
        row,
        errorRows.filter(error => error.step_id === row.id),
        linkRows.filter(link => link.step_id === row.id),
      ),
    );
    return taskRows.map(row => ({
      id: row.id,
      type: TaskType.parse(row.type),
      deploymentId: row.deployment_id,
      flowRunId: row.flow_run_id,
      createdBy: row.created_by,
      createdAt: fromDbTimestamp(row.created_at),
      status: FlowRunState.parse(row.status),
      steps: steps.filter(step => step.taskId === row.id),
      ...(row.prompts !== null && {
        prompts: parseJsonColumn<PromptAnswers>(
          row.prompts,
          `prompts of task ${row.id}`,
        ),
      }),
      ...(row.start_key !== null && { startKey: row.start_key }),
    }));
  }

  /** Why a step report changed nothing: the step is unknown, the lease is gone, or the step is not in the status the report moves it from. */
  async #refusedStepReport(
    db: Db,
    stepId: string,
    lease: FlowRunLease,
    action: 'start' | 'succeed' | 'fail',
  ): Promise<Error> {
    const step = await db<DbStepRow>(STEPS_TABLE)
      .where({ id: stepId })
      .first('name', 'status', 'task_id', 'attempts');
    if (!step) {
      return new NotFoundError(`No step ${stepId}`);
    }
    const refused = `Cannot ${action} step ${stepId} ("${step.name}")`;
    const held = await db<DbTaskRow>(TASKS_TABLE)
      .where({ id: step.task_id })
      .whereExists(leaseHeld(db, lease))
      .first('id');
    if (!held) {
      return new ConflictError(
        `${refused}: its task's flow run is not leased to ${lease.owner} for ` +
          `attempt ${lease.attempt} (the lease names flow run ${lease.flowRunId})`,
      );
    }
    return new ConflictError(
      step.status === 'SUCCEEDED'
        ? `${refused}: it SUCCEEDED, and a step that succeeded never runs again`
        : `${refused}: it is ${step.status} at attempt ${step.attempts}`,
    );
  }
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

/** Narrows a step query to the step's attempt, when one is named. */
function attemptIs(attempts: number | undefined): Partial<DbStepRow> {
  return attempts === undefined ? {} : { attempts };
}

/** The steps of the task of a flow run (a query to narrow down). */
function stepsOfFlowRun(db: Db, flowRunId: string) {
  return db<DbStepRow>(STEPS_TABLE)
    .join(TASKS_TABLE, `${TASKS_TABLE}.id`, `${STEPS_TABLE}.task_id`)
    .where(`${TASKS_TABLE}.flow_run_id`, flowRunId)
    .select<Array<Pick<DbStepRow, 'id' | 'status' | 'attempts'>>>(
      `${STEPS_TABLE}.id`,
      `${STEPS_TABLE}.status`,
      `${STEPS_TABLE}.attempts`,
    );
}

/**
 * A subquery that finds the flow run of the task in the enclosing query's
 * `styrmin_tasks` row, if it is still RUNNING under `lease`.
 */
function leaseHeld(db: Db, lease: FlowRunLease): Knex.QueryBuilder {
  return db(FLOW_RUNS_TABLE)
    .select(db.raw('1'))
    .whereRaw('?? = ??', [
      `${FLOW_RUNS_TABLE}.id`,
      `${TASKS_TABLE}.flow_run_id`,
    ])
    .where({
      [`${FLOW_RUNS_TABLE}.id`]: lease.flowRunId,
      [`${FLOW_RUNS_TABLE}.state`]: 'RUNNING',
      [`${FLOW_RUNS_TABLE}.lease_owner`]: lease.owner,
      [`${FLOW_RUNS_TABLE}.attempts`]: lease.attempt,
    });
}

/** {@link leaseHeld} for the task of the enclosing query's `styrmin_steps` row. */
function leaseHeldForStep(db: Db, lease: FlowRunLease): Knex.QueryBuilder {
  return db(TASKS_TABLE)
    .select(db.raw('1'))
    .whereRaw('?? = ??', [`${TASKS_TABLE}.id`, `${STEPS_TABLE}.task_id`])
    .whereExists(leaseHeld(db, lease));
}

function startedByAnotherStep(taskId: string, stepId?: string): ConflictError {
  return new ConflictError(
    `Task ${taskId} was started by ${
      stepId ? `step ${stepId}` : 'another step'
    }`,
  );
}

function toStep(
  row: DbStepRow,
  errors: DbStepErrorRow[],
  links: DbStepLinkRow[],
): Step {
  return {
    id: row.id,
    taskId: row.task_id,
    position: row.position,
    name: row.name,
    status: StepStatus.parse(row.status),
    attempts: row.attempts,
    startedAt: fromOptionalDbTimestamp(row.started_at),
    endedAt: fromOptionalDbTimestamp(row.ended_at),
    supersededByTaskId: row.superseded_by_task_id ?? undefined,
    errors: errors.map(error => ({
      attempt: error.attempt,
      message: error.message,
      outputTail: error.output_tail ?? undefined,
      occurredAt: fromDbTimestamp(error.occurred_at),
    })),
    startedTaskIds: links.map(link => link.started_task_id),
  };
}
