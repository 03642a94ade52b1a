import { InputError } from '@backstage/errors';
import { Task, TaskStoreFindByIdPrefixOptions } from '../TaskStore';
import { DbTaskRow, TASKS_TABLE } from '../tables';
import { loadTasks } from './loadTasks';
import { TaskOperationOptions } from './TaskOperationOptions';

/** The layout of a task id (a UUID, as randomUUID writes it: lowercase). */
const UUID_LAYOUT = '00000000-0000-0000-0000-000000000000';

/**
 * The lowest and the highest id that start with `prefix`: a range of the primary key, which
 * both databases answer from its index (a `like` on a uuid column would read every row
 * on PostgreSQL). InputError for what no id starts with.
 */
export function idPrefixRange(prefix: string): { low: string; high: string } {
  const lower = prefix.toLowerCase();
  const fits = [...lower].every((char, i) =>
    UUID_LAYOUT[i] === '-' ? char === '-' : /[0-9a-f]/.test(char),
  );
  if (lower.length === 0 || lower.length > UUID_LAYOUT.length || !fits) {
    throw new InputError(
      `No task id starts with ${JSON.stringify(
        prefix,
      )}: ids are UUIDs (3f2a1b0c-4d5e-...)`,
    );
  }
  const fill = (digit: string) =>
    lower + UUID_LAYOUT.slice(lower.length).replace(/0/g, digit);
  return { low: fill('0'), high: fill('f') };
}

/** `TaskStore.findTasksByIdPrefix`. */
export async function findTasksByIdPrefix(
  options: TaskOperationOptions<TaskStoreFindByIdPrefixOptions>,
): Promise<Task[]> {
  const { tx, prefix, limit } = options;
  const { low, high } = idPrefixRange(prefix);
  const ids = await tx<DbTaskRow>(TASKS_TABLE)
    .whereBetween('id', [low, high])
    .orderBy('sequence')
    .limit(limit)
    .pluck('id');
  return ids.length === 0 ? [] : loadTasks(options.secretBox, tx, 'id', ids);
}
