import { isDatabaseConflictError } from '@backstage/backend-plugin-api';
import { ConflictError, InputError } from '@backstage/errors';
import { TaskType } from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { inTransaction } from '../../database/inTransaction';
import { DEPLOYMENTS_TABLE } from '../../deployments/tables';
import { sealJson } from '../../secrets/sealedJson';
import { Task, TaskStoreCreateTaskOptions } from '../TaskStore';
import { DbStepRow, DbTaskRow, STEPS_TABLE, TASKS_TABLE } from '../tables';
import { TaskOperationOptions } from './TaskOperationOptions';
import { loadTasks } from './loadTasks';

/**
 * The columns a new task is written with; PostgreSQL draws `sequence` itself, and a
 * deployment's task takes its environment from the deployment's row.
 */
type DbNewTaskRow = Omit<DbTaskRow, 'sequence' | 'environment_id'> & {
  sequence?: Knex.Raw;
  environment_id: string | Knex.Raw;
};

/** `TaskStore.createTask`: the task and its planned steps. */
export async function createTask(
  options: TaskOperationOptions<TaskStoreCreateTaskOptions>,
): Promise<Task> {
  const { tx, stepNames } = options;
  if (stepNames.some(name => !name.trim())) {
    throw new InputError('Every step of a task needs a name');
  }
  const task: DbNewTaskRow = {
    id: randomUUID(),
    type: TaskType.parse(options.type),
    deployment_id: options.deploymentId ?? null,
    environment_id:
      options.environmentId ??
      tx.raw('(select ?? from ?? where ?? = ?)', [
        'environment_id',
        DEPLOYMENTS_TABLE,
        'id',
        options.deploymentId,
      ]),
    flow_run_id: options.flowRunId,
    created_by: options.createdBy,
    created_at: options.clock.now(),
    prompts:
      options.prompts && Object.keys(options.prompts).length > 0
        ? sealJson(options.secretBox, options.prompts)
        : null,
    start_key: options.startKey ?? null,
    cause: options.cause ? JSON.stringify(options.cause) : null,
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
          output_tail: null,
        })),
      );
    }
    const [created] = await loadTasks(options.secretBox, trx, 'id', [task.id]);
    return created;
  });
}
