import { Knex } from 'knex';
import {
  FlowRunState,
  PromptAnswers,
  TaskType,
} from '@styrmin/plugin-styrmin-common';
import { parseJsonColumn } from '../../database/parseJsonColumn';
import { fromDbTimestamp } from '../../database/timestamps';
import { DbFlowRunRow, FLOW_RUNS_TABLE } from '../../flows/tables';
import { Task, TaskCause } from '../TaskStore';
import { DbTaskRow, TASKS_TABLE } from '../tables';
import { SecretBox } from '../../secrets/SecretBox';
import { openJson } from '../../secrets/sealedJson';
import { Db } from './TaskOperationOptions';
import { loadSteps } from './loadSteps';

/** A task row with its flow run's state, which is the task's status. */
type DbTaskWithStatusRow = DbTaskRow & { status: DbFlowRunRow['state'] };

/**
 * Tasks with their status, steps, step errors, links and lines, in creation order, in two
 * queries (the tasks, their steps with the steps' details). `values` may be a query that
 * selects them, which then costs no round trip of its own.
 */
export async function loadTasks(
  box: SecretBox,
  db: Db,
  column: 'id' | 'flow_run_id' | 'start_key',
  values: string[] | Knex.QueryBuilder,
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
  const steps = await loadSteps(
    db,
    taskRows.map(row => row.id),
  );
  return taskRows.map(row => ({
    id: row.id,
    type: TaskType.parse(row.type),
    environmentId: row.environment_id,
    deploymentId: row.deployment_id,
    flowRunId: row.flow_run_id,
    createdBy: row.created_by,
    createdAt: fromDbTimestamp(row.created_at),
    status: FlowRunState.parse(row.status),
    steps: steps.filter(step => step.taskId === row.id),
    ...(row.prompts !== null && {
      prompts: openJson<PromptAnswers>(
        box,
        row.prompts,
        `prompts of task ${row.id}`,
      ),
    }),
    ...(row.start_key !== null && { startKey: row.start_key }),
    ...(row.cause !== null && {
      cause: parseJsonColumn<TaskCause>(row.cause, `cause of task ${row.id}`),
    }),
  }));
}
