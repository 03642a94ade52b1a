import { ConflictError, NotFoundError } from '@backstage/errors';
import { Knex } from 'knex';
import { isUuid } from './uuid';

/**
 * Updates one record where it is still at `expectedVersion`, and explains a refusal: the
 * record is unknown (`NotFoundError`) or another change came first (`ConflictError`, with
 * the version it is at now). Reading only after a refusal keeps the common case at one
 * statement.
 */
export async function compareAndSet(options: {
  db: Knex | Knex.Transaction;
  table: string;
  id: string;
  expectedVersion: number;
  /** Adds the conditions besides id and version that the record must meet. */
  where?: (query: Knex.QueryBuilder) => Knex.QueryBuilder;
  changes: Record<string, unknown>;
  /** How messages name the record: `Deployment 3b8d…`. */
  what: string;
  /** Why a record at the expected version still refused the change. */
  refusal?: string;
}): Promise<void> {
  const { db, table, id, expectedVersion, changes, what } = options;
  if (!isUuid(id)) {
    throw new NotFoundError(`${what} does not exist`);
  }
  const where = options.where ?? (query => query);
  const updated = await where(
    db(table).where({ id, version: expectedVersion }),
  ).update(changes);
  if (updated === 1) {
    return;
  }
  const current = await db(table).where({ id }).first('version');
  if (!current) {
    throw new NotFoundError(`${what} does not exist`);
  }
  if (current.version === expectedVersion && options.refusal) {
    throw new ConflictError(`${what} ${options.refusal}`);
  }
  throw new ConflictError(
    `${what} changed meanwhile: the change applies to version ${expectedVersion}, and it is at version ${current.version} now; read it again and retry`,
  );
}
