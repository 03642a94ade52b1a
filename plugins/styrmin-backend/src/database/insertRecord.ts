import { isDatabaseConflictError } from '@backstage/backend-plugin-api';
import { ConflictError } from '@backstage/errors';
import { Knex } from 'knex';

/**
 * Inserts one row, and turns a unique-constraint violation (a name in use, a second active
 * instance) into a `ConflictError` with the given message. Other errors pass through.
 */
export async function insertRecord(options: {
  db: Knex | Knex.Transaction;
  table: string;
  row: Record<string, unknown>;
  /** What a conflict means, as the caller says it: `A cluster named x is registered already`. */
  conflict: string;
}): Promise<void> {
  const { db, table, row, conflict } = options;
  try {
    await db(table).insert(row);
  } catch (error) {
    if (isDatabaseConflictError(error)) {
      throw new ConflictError(conflict);
    }
    throw error;
  }
}
