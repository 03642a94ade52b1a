import { StepStatus } from '@styrmin/plugin-styrmin-common';
import { parseJsonColumn } from '../../database/parseJsonColumn';
import {
  fromDbTimestamp,
  fromOptionalDbTimestamp,
} from '../../database/timestamps';
import { Step } from '../Step';
import {
  DbStepErrorRow,
  DbStepLineRow,
  DbStepLinkRow,
  DbStepRow,
  STEP_ERRORS_TABLE,
  STEP_LINES_TABLE,
  STEP_LINKS_TABLE,
  STEPS_TABLE,
  TASKS_TABLE,
} from '../tables';
import { Db } from './TaskOperationOptions';

/** A step row with its errors, started tasks and lines, each a JSON array in order. */
type DbStepWithDetailsRow = DbStepRow & {
  errors_json: string | unknown[];
  links_json: string | unknown[];
  lines_json: string | unknown[];
};

/**
 * The steps of these tasks, by task then position, with their errors, links and lines: in
 * one query, each step's details aggregated as JSON arrays by correlated subqueries (the
 * functions differ by engine, the ordering does not), so that a page of tasks costs the
 * same round trips as one task.
 */
export async function loadSteps(db: Db, taskIds: string[]): Promise<Step[]> {
  const postgres = db.client.config.client === 'pg';
  /** A JSON array of `value` over `from`, ordered, empty when there are no rows. */
  const array = (value: string, from: string, orderBy: string) =>
    postgres
      ? `(select coalesce(json_agg(${value} order by ${orderBy}), '[]'::json) ${from})`
      : `(select json_group_array(${value} order by ${orderBy}) ${from})`;
  const object = (fields: string[]) =>
    `${postgres ? 'json_build_object' : 'json_object'}(${fields
      .map(field => `'${field}', e.${field}`)
      .join(', ')})`;
  const rows: DbStepWithDetailsRow[] = await db(`${STEPS_TABLE} as s`)
    .whereIn('s.task_id', taskIds)
    .orderBy(['s.task_id', 's.position'])
    .select(
      's.*',
      db.raw(
        `${array(
          object(['attempt', 'message', 'output_tail', 'occurred_at']),
          `from ${STEP_ERRORS_TABLE} e where e.step_id = s.id`,
          'e.attempt',
        )} as errors_json`,
      ),
      db.raw(
        `${array(
          'l.started_task_id',
          `from ${STEP_LINKS_TABLE} l join ${TASKS_TABLE} t on t.id = l.started_task_id where l.step_id = s.id`,
          't.sequence',
        )} as links_json`,
      ),
      db.raw(
        `${array(
          'x.line',
          `from ${STEP_LINES_TABLE} x where x.step_id = s.id`,
          'x.position',
        )} as lines_json`,
      ),
    );
  return rows.map(row => {
    const { errors_json, links_json, lines_json, ...step } = row;
    const json = <T>(value: string | unknown[], what: string): T =>
      (typeof value === 'string'
        ? parseJsonColumn<T>(value, `${what} of step ${row.id}`)
        : value) as T;
    return toStep(
      step,
      json<Omit<DbStepErrorRow, 'step_id'>[]>(errors_json, 'errors').map(
        error => ({ ...error, step_id: row.id }),
      ),
      json<string[]>(links_json, 'links').map(started => ({
        step_id: row.id,
        started_task_id: started,
      })),
      json<string[]>(lines_json, 'lines').map((line, position) => ({
        step_id: row.id,
        position,
        line,
      })),
    );
  });
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
