import { createTestDatabases } from '../__testUtils__/databases';
import { migrateUpTo } from '../__testUtils__/migrations';
import {
  insertTestEnvironment,
  testDeploymentRow,
  testFlowRunRow,
  testId as id,
  TEST_ROWS_AT as now,
} from '../__testUtils__/testDeployments';
import { migrationsConfig } from '../database/migrations';

const MIGRATION = '20261201060000_task_causes';

jest.setTimeout(60_000);

describe('20261201060000_task_causes', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    it('adds a nullable cause to the tasks, and going down drops it and keeps the tasks and their steps', async () => {
      const knex = await databases.init(databaseId);
      await migrateUpTo(knex, `${MIGRATION}.js`);
      await insertTestEnvironment(knex);
      await knex('styrmin_deployments').insert(
        testDeploymentRow(id(3), 'infrahub'),
      );
      await knex('styrmin_flow_runs').insert([
        testFlowRunRow(id(10)),
        testFlowRunRow(id(11)),
      ]);
      const task = (n: number, cause: string | null) => ({
        id: id(n),
        type: 'update_instance',
        deployment_id: id(3),
        flow_run_id: id(n - 10),
        created_by: 'user:default/ada',
        created_at: now,
        sequence: n,
        cause,
      });
      const cause = JSON.stringify({
        kind: 'SCHEDULE',
        message: 'scheduled backup',
      });
      await knex('styrmin_tasks').insert([task(20, cause), task(21, null)]);
      await knex('styrmin_steps').insert({
        id: id(30),
        task_id: id(20),
        position: 0,
        name: 'Apply the StyrminDeployment resource',
        status: 'PENDING',
        attempts: 0,
      });
      expect(await knex('styrmin_tasks').orderBy('id').pluck('cause')).toEqual([
        cause,
        null,
      ]);

      await knex.migrate.down(migrationsConfig);

      const rows = await knex('styrmin_tasks').orderBy('id');
      expect(rows.map(row => row.id)).toEqual([id(20), id(21)]);
      expect(rows[0]).not.toHaveProperty('cause');
      expect(await knex('styrmin_steps').pluck('id')).toEqual([id(30)]);

      await knex.migrate.up(migrationsConfig);
      expect(await knex('styrmin_tasks').orderBy('id').pluck('cause')).toEqual([
        null,
        null,
      ]);
    });
  });
});
