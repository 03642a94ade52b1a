import { Knex } from 'knex';

/**
 * Runs `fn` in the caller's transaction when `db` is one, and in a transaction of its own
 * otherwise: store methods that write more than one statement stay atomic either way.
 */
export async function inTransaction<T>(
  db: Knex | Knex.Transaction,
  fn: (tx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) {
    return fn(db as Knex.Transaction);
  }
  return db.transaction(fn);
}
