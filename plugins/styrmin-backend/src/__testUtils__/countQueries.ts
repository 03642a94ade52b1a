import { Knex } from 'knex';

/**
 * What `work` returned and how many queries it sent through `knex`: what the tests that a
 * page is read in a fixed number of queries, however long, compare.
 */
export async function countQueries<T>(
  knex: Knex,
  work: () => Promise<T>,
): Promise<{ queries: number; result: T }> {
  let queries = 0;
  const count = () => {
    queries++;
  };
  knex.on('query', count);
  try {
    const result = await work();
    return { queries, result };
  } finally {
    knex.removeListener('query', count);
  }
}
