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

const MIGRATION = '20261201080000_step_output';

jest.setTimeout(60_000);

describe('20261201080000_step_output', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    it('adds a nullable output tail to the steps, and going down drops it and keeps the steps and their errors', async () => {
      const knex = await databases.init(databaseId);
      await migrateUpTo(knex, `${MIGRATION}.js`);
      await insertTestEnvironment(knex);
      await knex('styrmin_deployments').insert(
        testDeploymentRow(id(3), 'infrahub'),
      );
      await knex('styrmin_flow_runs').insert(testFlowRunRow(id(10)));
      await knex('styrmin_tasks').insert({
        id: id(20),
        type: 'run_job',
        deployment_id: id(3),
        flow_run_id: id(10),
        created_by: 'user:default/ada',
        created_at: now,
        sequence: 1,
        // The environment a task acts in, once tasks record it (environment tasks).
        ...((await knex.schema.hasColumn(
          'styrmin_tasks',
          'environment_id',
        )) && {
          environment_id: id(2),
        }),
      });
      const step = (n: number, output: string | null) => ({
        id: id(n),
        task_id: id(20),
        position: n - 30,
        name: `Step ${n}`,
        status: output === null ? 'FAILED' : 'SUCCEEDED',
        attempts: 1,
        output_tail: output,
      });
      await knex('styrmin_steps').insert([step(30, 'ok\n'), step(31, null)]);
      await knex('styrmin_step_errors').insert({
        step_id: id(31),
        attempt: 1,
        message: 'exit code 3',
        output_tail: 'failed\n',
        occurred_at: now,
      });
      expect(
        await knex('styrmin_steps').orderBy('id').pluck('output_tail'),
      ).toEqual(['ok\n', null]);

      await knex.migrate.down(migrationsConfig);

      const rows = await knex('styrmin_steps').orderBy('id');
      expect(rows.map(row => row.id)).toEqual([id(30), id(31)]);
      expect(rows[0]).not.toHaveProperty('output_tail');
      expect(await knex('styrmin_step_errors').pluck('output_tail')).toEqual([
        'failed\n',
      ]);

      await knex.migrate.up(migrationsConfig);
      expect(
        await knex('styrmin_steps').orderBy('id').pluck('output_tail'),
      ).toEqual([null, null]);
    });
  });
});
