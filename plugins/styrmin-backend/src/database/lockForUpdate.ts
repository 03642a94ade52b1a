import { Knex } from 'knex';

/**
 * Makes a select lock the rows it reads until the transaction ends, on PostgreSQL. Changes
 * that must see a consistent environment (its deployments, their active instances) lock
 * its row first, so that they run one after the other. SQLite needs no lock: it runs one
 * write transaction at a time already.
 */
export function lockForUpdate<T extends Knex.QueryBuilder>(
  query: T,
  db: Knex | Knex.Transaction,
): T {
  return db.client.dialect === 'postgresql' ? (query.forUpdate() as T) : query;
}
