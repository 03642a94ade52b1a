import { Knex } from 'knex';
import { createTestDatabases } from '../__testUtils__/databases';
import { migrateUpTo, migrationFileNames } from '../__testUtils__/migrations';
import {
  insertTestEnvironment,
  testDeploymentRow,
  testFlowRunRow,
  testId as id,
  TEST_ROWS_AT as now,
} from '../__testUtils__/testDeployments';
import { migrationsConfig } from '../database/migrations';

const MIGRATION = '20261130050000_task_order_and_starts.js';

jest.setTimeout(60_000);

describe('20261130050000_task_order_and_starts', () => {
  const databases = createTestDatabases();
  const run = (n: number) => testFlowRunRow(id(n));
  /** Tasks 20 and 21 share a millisecond; 22 came before both. */
  const task = (n: number, createdAt: Date) => ({
    id: id(n),
    type: 'create_instance',
    deployment_id: id(3),
    flow_run_id: id(n - 10),
    created_by: 'user:default/ada',
    created_at: createdAt,
  });
  const before = new Date(now.getTime() - 1000);

  /** Everything up to the migration before this one, with tasks of a deployment. */
  async function beforeMigration(knex: Knex) {
    await migrateUpTo(
      knex,
      migrationFileNames[migrationFileNames.indexOf(MIGRATION) - 1],
    );
    await insertTestEnvironment(knex);
    await knex('styrmin_deployments').insert(
      testDeploymentRow(id(3), 'infrahub'),
    );
    await knex('styrmin_flow_runs').insert([run(10), run(11), run(12)]);
    await knex('styrmin_tasks').insert([
      task(21, now),
      task(20, now),
      task(22, before),
    ]);
    await knex('styrmin_steps').insert({
      id: id(30),
      task_id: id(20),
      position: 0,
      name: 'Apply the StyrminDeployment resource',
      status: 'PENDING',
      attempts: 0,
    });
  }

  const sequences = async (knex: Knex) =>
    (
      await knex('styrmin_tasks').orderBy('sequence').select('id', 'sequence')
    ).map(row => [row.id, Number(row.sequence)]);

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    it('numbers the tasks in their old order, keeps their steps, and refuses unknown deployments', async () => {
      const knex = await databases.init(databaseId);
      await beforeMigration(knex);
      await knex.migrate.up(migrationsConfig);

      expect(await sequences(knex)).toEqual([
        [id(22), 1],
        [id(20), 2],
        [id(21), 3],
      ]);
      // The copy of the table (SQLite) left the steps that cascade from the tasks.
      expect(await knex('styrmin_steps').pluck('id')).toEqual([id(30)]);

      await knex('styrmin_flow_runs').insert([run(13), run(14)]);
      await expect(
        knex('styrmin_tasks').insert({
          ...task(23, now),
          deployment_id: id(99),
          sequence: 4,
        }),
      ).rejects.toThrow();
      await knex('styrmin_tasks').insert({
        ...task(23, now),
        // PostgreSQL draws it from its sequence; SQLite leaves it to the store.
        ...(databaseId.startsWith('POSTGRES') ? {} : { sequence: 4 }),
        start_key: 'run/step/1/0',
      });
      expect((await sequences(knex)).at(-1)).toEqual([id(23), 4]);
      await expect(
        knex('styrmin_tasks').insert({
          ...task(24, now),
          sequence: 5,
          start_key: 'run/step/1/0',
        }),
      ).rejects.toThrow();
      await expect(
        knex('styrmin_tasks').insert({ ...task(24, now), sequence: 4 }),
      ).rejects.toThrow();
    });

    it('goes down to the old columns with the tasks and steps kept', async () => {
      const knex = await databases.init(databaseId);
      await beforeMigration(knex);
      await knex.migrate.up(migrationsConfig);
      await knex.migrate.down(migrationsConfig);

      expect(await knex.schema.hasColumn('styrmin_tasks', 'sequence')).toBe(
        false,
      );
      expect(
        (await knex('styrmin_tasks').orderBy('id').pluck('id')).length,
      ).toBe(3);
      expect(await knex('styrmin_steps').pluck('id')).toEqual([id(30)]);
      // Not a foreign key any more.
      await knex('styrmin_flow_runs').insert(run(13));
      await knex('styrmin_tasks').insert({
        ...task(23, now),
        deployment_id: 'not-a-deployment',
      });
    });
  });
});
