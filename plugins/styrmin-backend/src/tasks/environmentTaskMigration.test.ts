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

jest.setTimeout(60_000);

describe('20261201070000_environment_tasks', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    const task = (n: number, type: string, deploymentId: string | null) => ({
      id: id(n),
      type,
      deployment_id: deploymentId,
      flow_run_id: id(n - 10),
      created_by: 'user:default/ada',
      created_at: now,
      sequence: n,
    });

    it("gives the tasks their deployment's environment, takes environment tasks without a deployment, and going down keeps the tasks and their steps", async () => {
      const knex = await databases.init(databaseId);
      await migrateUpTo(knex, '20261201060000_task_causes.js');
      await insertTestEnvironment(knex);
      await knex('styrmin_deployments').insert(
        testDeploymentRow(id(3), 'infrahub'),
      );
      await knex('styrmin_flow_runs').insert(
        [10, 11, 12].map(n => testFlowRunRow(id(n))),
      );
      await knex('styrmin_tasks').insert(task(20, 'update_instance', id(3)));
      await knex('styrmin_steps').insert({
        id: id(30),
        task_id: id(20),
        position: 0,
        name: 'Apply the StyrminDeployment resource',
        status: 'PENDING',
        attempts: 0,
      });

      await knex.migrate.up(migrationsConfig);

      expect(
        await knex('styrmin_tasks').select('id', 'environment_id'),
      ).toEqual([{ id: id(20), environment_id: id(2) }]);
      await knex('styrmin_tasks').insert({
        ...task(21, 'upgrade_environment', null),
        environment_id: id(2),
      });
      // Only an environment task has no deployment, and every task has an environment.
      await expect(
        knex('styrmin_tasks').insert({
          ...task(22, 'update_instance', null),
          environment_id: id(2),
        }),
      ).rejects.toThrow();
      await expect(
        knex('styrmin_tasks').insert({
          ...task(22, 'upgrade_environment', id(3)),
          environment_id: id(2),
        }),
      ).rejects.toThrow();
      await expect(
        knex('styrmin_tasks').insert(task(22, 'update_instance', id(3))),
      ).rejects.toThrow();
      await expect(
        knex('styrmin_tasks').insert({
          ...task(22, 'upgrade_environment', null),
          environment_id: id(99),
        }),
      ).rejects.toThrow();

      await expect(knex.migrate.down(migrationsConfig)).rejects.toThrow(
        /1 tasks of the types upgrade_environment, restore_environment, clone_environment exist/,
      );
      await knex('styrmin_tasks')
        .where({ id: id(21) })
        .delete();
      await knex.migrate.down(migrationsConfig);

      const rows = await knex('styrmin_tasks');
      expect(rows.map(row => row.id)).toEqual([id(20)]);
      expect(rows[0]).not.toHaveProperty('environment_id');
      expect(await knex('styrmin_steps').pluck('id')).toEqual([id(30)]);
      await expect(
        knex('styrmin_tasks').insert(task(21, 'update_instance', null)),
      ).rejects.toThrow();
      await expect(
        knex('styrmin_tasks').insert(task(21, 'upgrade_environment', id(3))),
      ).rejects.toThrow();

      await knex.migrate.up(migrationsConfig);
      expect(
        await knex('styrmin_tasks').select('id', 'environment_id'),
      ).toEqual([{ id: id(20), environment_id: id(2) }]);
      expect(await knex('styrmin_steps').pluck('id')).toEqual([id(30)]);
    });
  });
});
