import {
  FlowRunState,
  PromptAnswers,
  StepStatus,
  TaskType,
} from '@styrmin/plugin-styrmin-common';
import { parseJsonColumn } from '../../database/parseJsonColumn';
import {
  fromDbTimestamp,
  fromOptionalDbTimestamp,
} from '../../database/timestamps';
import { DbFlowRunRow, FLOW_RUNS_TABLE } from '../../flows/tables';
import { Step } from '../Step';
import { Task, TaskCause } from '../TaskStore';
import {
  DbStepErrorRow,
  DbStepLineRow,
  DbStepLinkRow,
  DbStepRow,
  DbTaskRow,
  STEP_ERRORS_TABLE,
  STEP_LINES_TABLE,
  STEP_LINKS_TABLE,
  STEPS_TABLE,
  TASKS_TABLE,
} from '../tables';
import { SecretBox } from '../../secrets/SecretBox';
import { openJson } from '../../secrets/sealedJson';
import { Db } from './TaskOperationOptions';

/** A task row with its flow run's state, which is the task's status. */
type DbTaskWithStatusRow = DbTaskRow & { status: DbFlowRunRow['state'] };

/** Tasks with their status, steps, step errors, links and lines, in creation order. */
export async function loadTasks(
  box: SecretBox,
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
  const [errorRows, linkRows, lineRows] =
    stepIds.length === 0
      ? [[], [], []]
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
          db<DbStepLineRow>(STEP_LINES_TABLE)
            .whereIn('step_id', stepIds)
            .orderBy(['step_id', 'position']),
        ]);

  const steps = stepRows.map(row =>
    toStep(
      row,
      errorRows.filter(error => error.step_id === row.id),
      linkRows.filter(link => link.step_id === row.id),
      lineRows.filter(line => line.step_id === row.id),
    ),
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

export function toStep(
  row: DbStepRow,
  errors: DbStepErrorRow[],
  links: DbStepLinkRow[],
  lines: DbStepLineRow[],
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
    ...(row.output_tail !== null && { outputTail: row.output_tail }),
    startedTaskIds: links.map(link => link.started_task_id),
    lines: lines.map(line => line.line),
  };
}
