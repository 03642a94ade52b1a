import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { StyrminClient, TaskByIdPrefix } from '@styrmin/sdk';
import { isWholeId } from '../../records/findRecords';

/** How many matches of an ambiguous prefix the refusal lists. */
const LISTED_MATCHES = 10;

function describeMatch(task: TaskByIdPrefix): string {
  const where = task.deployment
    ? ` of ${task.deployment.environment.name}/${task.deployment.name}`
    : '';
  return `  ${task.id}  ${task.type}${where}  ${task.result}  ${task.createdAt}`;
}

/**
 * The id of the task that `ref` names: a whole id as it is, or a unique prefix of one, as
 * the server finds it. NOT_FOUND when no task's id starts with it; VALIDATION_FAILED,
 * listing the tasks (at most 10), when several do.
 */
export async function findTaskId(
  client: StyrminClient,
  ref: string,
): Promise<string> {
  if (isWholeId(ref)) {
    return ref;
  }
  const matches = await client.tasksByIdPrefix(ref, {
    first: LISTED_MATCHES + 1,
  });
  if (matches.length === 1) {
    return matches[0].id;
  }
  if (matches.length === 0) {
    throw new StyrminError('NOT_FOUND', `No task's id starts with ${ref}`);
  }
  const listed = matches.slice(0, LISTED_MATCHES).map(describeMatch);
  const more = matches.length > LISTED_MATCHES ? ['  and more'] : [];
  throw new StyrminError(
    'VALIDATION_FAILED',
    [
      `${ref} starts the ids of several tasks; give more of the id:`,
      ...listed,
      ...more,
    ].join('\n'),
    { field: 'id' },
  );
}
