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

const MIGRATION = '20261202030000_step_lines';

jest.setTimeout(60_000);

describe('20261202030000_step_lines', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    it('keeps lines in order per step, goes with its step, and going down drops them and keeps the steps', async () => {
      const knex = await databases.init(databaseId);
      await migrateUpTo(knex, `${MIGRATION}.js`);
      await insertTestEnvironment(knex);
      await knex('styrmin_deployments').insert(
        testDeploymentRow(id(3), 'infrahub'),
      );
      await knex('styrmin_flow_runs').insert(testFlowRunRow(id(10)));
      await knex('styrmin_tasks').insert({
        id: id(20),
        type: 'create_instance',
        environment_id: id(2),
        deployment_id: id(3),
        flow_run_id: id(10),
        created_by: 'user:default/ada',
        created_at: now,
        sequence: 1,
      });
      const step = (n: number, position: number) => ({
        id: id(n),
        task_id: id(20),
        position,
        name: `step ${position}`,
        status: 'SUCCEEDED',
        attempts: 1,
      });
      await knex('styrmin_steps').insert([step(30, 0), step(31, 1)]);
      await knex('styrmin_step_lines').insert([
        { step_id: id(30), position: 1, line: 'Deleted Job a/b-job' },
        { step_id: id(30), position: 0, line: 'Namespace styrmin-x exists' },
        { step_id: id(31), position: 0, line: 'other' },
      ]);
      await expect(
        knex('styrmin_step_lines').insert({
          step_id: id(30),
          position: 0,
          line: 'twice',
        }),
      ).rejects.toThrow();
      expect(
        await knex('styrmin_step_lines')
          .where({ step_id: id(30) })
          .orderBy('position')
          .pluck('line'),
      ).toEqual(['Namespace styrmin-x exists', 'Deleted Job a/b-job']);

      await knex('styrmin_steps')
        .where({ id: id(31) })
        .delete();
      expect(await knex('styrmin_step_lines').pluck('step_id')).toEqual([
        id(30),
        id(30),
      ]);

      await knex.migrate.down(migrationsConfig);
      expect(await knex.schema.hasTable('styrmin_step_lines')).toBe(false);
      expect(await knex('styrmin_steps').pluck('id')).toEqual([id(30)]);

      await knex.migrate.up(migrationsConfig);
      expect(await knex('styrmin_step_lines').pluck('line')).toEqual([]);
    });
  });
});
