import { Knex } from 'knex';
import { lockForUpdate } from './lockForUpdate';
import { TransactionOption } from './TransactionOption';
import { isUuid } from './uuid';

/**
 * Options of the stores' `get` of a record that has a unique name: by its id or by its
 * name; `lock` locks its row until the transaction ends (see lockForUpdate).
 *
 * @internal
 */
export type RecordGetOptions = TransactionOption &
  ({ id: string; name?: never } | { name: string; id?: never }) & {
    lock?: boolean;
  };

/**
 * Reads one row by id or name, locked when asked. An id that is not a UUID names nothing,
 * so it is answered without a query (PostgreSQL would refuse to compare it with a uuid
 * column).
 */
export async function getRecord<TRow extends {}>(
  options: Omit<RecordGetOptions, 'tx'> & {
    db: Knex | Knex.Transaction;
    table: string;
    /** Adds conditions the row must meet (not deleted). */
    where?: (query: Knex.QueryBuilder) => Knex.QueryBuilder;
  },
): Promise<TRow | undefined> {
  const { db, table, lock, where = query => query } = options;
  if (options.id !== undefined && !isUuid(options.id)) {
    return undefined;
  }
  const key =
    options.id === undefined ? { name: options.name } : { id: options.id };
  const query = where(db(table).where(key)).first();
  return lock ? lockForUpdate(query, db) : query;
}
