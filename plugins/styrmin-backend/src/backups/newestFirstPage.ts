import { Knex } from 'knex';
import { DbTimestamp } from '../database/tables';

/**
 * One page of a history, newest first (created_at, then id, both descending), starting
 * after the cursor: what the backup and restore histories of a deployment page by.
 */
export async function newestFirstPage<
  TRow extends { created_at: DbTimestamp; id: string },
>(options: {
  query: Knex.QueryBuilder;
  limit: number;
  after?: { createdAt: number; id: string };
}): Promise<{ rows: TRow[]; hasNextPage: boolean }> {
  const { limit, after } = options;
  let query = options.query;
  if (after) {
    const createdAt = new Date(after.createdAt);
    query = query.where(older =>
      older
        .where('created_at', '<', createdAt)
        .orWhere(same =>
          same.where('created_at', '=', createdAt).where('id', '<', after.id),
        ),
    );
  }
  const rows: TRow[] = await query
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), hasNextPage: rows.length > limit };
}
