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

const MIGRATION = '20261202040000_restart_components_tasks';

jest.setTimeout(60_000);

describe('20261202040000_restart_components_tasks', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    it('takes restart_components tasks, keeps the others and their steps, and goes down only without them', async () => {
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
      const task = (n: number, type: string, flowRun: number) => ({
        id: id(n),
        type,
        environment_id: id(2),
        deployment_id: id(3),
        flow_run_id: id(flowRun),
        created_by: 'user:default/ada',
        created_at: now,
        sequence: n,
      });
      await knex('styrmin_tasks').insert([
        task(20, 'stop_components', 10),
        task(21, 'restart_components', 11),
      ]);
      await knex('styrmin_steps').insert({
        id: id(30),
        task_id: id(20),
        position: 0,
        name: 'Stop the components',
        status: 'SUCCEEDED',
        attempts: 1,
      });
      await expect(
        knex('styrmin_tasks').insert(task(22, 'reboot_components', 11)),
      ).rejects.toThrow();

      await expect(knex.migrate.down(migrationsConfig)).rejects.toThrow(
        /1 tasks of the type restart_components exist/,
      );
      await knex('styrmin_tasks')
        .where({ id: id(21) })
        .delete();
      await knex.migrate.down(migrationsConfig);
      expect(await knex('styrmin_steps').pluck('id')).toEqual([id(30)]);
      await expect(
        knex('styrmin_tasks').insert(task(21, 'restart_components', 11)),
      ).rejects.toThrow();

      await knex.migrate.up(migrationsConfig);
      await knex('styrmin_tasks').insert(task(21, 'restart_components', 11));
      expect(
        await knex('styrmin_tasks').orderBy('sequence').pluck('type'),
      ).toEqual(['stop_components', 'restart_components']);
    });
  });
});
