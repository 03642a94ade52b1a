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

const MIGRATION = '20261201010000_backup_tasks.js';

jest.setTimeout(60_000);

describe('20261201010000_backup_tasks', () => {
  const databases = createTestDatabases();
  const who = { created_by: 'user:default/ada', created_at: now };

  async function beforeMigration(knex: Knex) {
    await migrateUpTo(
      knex,
      migrationFileNames[migrationFileNames.indexOf(MIGRATION) - 1],
    );
    await insertTestEnvironment(knex);
    await knex('styrmin_deployments').insert(
      testDeploymentRow(id(3), 'infrahub'),
    );
  }

  /** A task of `type` with its flow run and a step: the step must survive SQLite's copy. */
  async function insertTask(knex: Knex, n: number, type: string) {
    await knex('styrmin_flow_runs').insert(testFlowRunRow(id(n)));
    await knex('styrmin_tasks').insert({
      id: id(n + 1),
      type,
      deployment_id: id(3),
      flow_run_id: id(n),
      sequence: n,
      ...who,
    });
    await knex('styrmin_steps').insert({
      id: id(n + 2),
      task_id: id(n + 1),
      name: 'Back up the namespace',
      position: 0,
      status: 'PENDING',
      attempts: 0,
    });
  }

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    it('takes the backup task types, keeps the tasks and their steps, and refuses others', async () => {
      const knex = await databases.init(databaseId);
      await beforeMigration(knex);
      await insertTask(knex, 10, 'run_job');
      await expect(insertTask(knex, 60, 'create_backup')).rejects.toThrow();

      await knex.migrate.up(migrationsConfig);

      for (const [n, type] of [
        [20, 'create_backup'],
        [30, 'restore_backup'],
        [40, 'delete_backup'],
      ] as const) {
        await insertTask(knex, n, type);
      }
      await expect(insertTask(knex, 50, 'backup')).rejects.toThrow();
      expect(
        await knex('styrmin_tasks').orderBy('sequence').pluck('type'),
      ).toEqual([
        'run_job',
        'create_backup',
        'restore_backup',
        'delete_backup',
      ]);
      expect(Number((await knex('styrmin_steps').count({ n: '*' }))[0].n)).toBe(
        4,
      );
      expect(
        await knex.schema.hasColumn('styrmin_backups', 'delete_task_id'),
      ).toBe(true);
    });

    it('goes down when no backup task exists, and refuses while one does', async () => {
      const knex = await databases.init(databaseId);
      await beforeMigration(knex);
      await knex.migrate.up(migrationsConfig);
      await insertTask(knex, 20, 'create_backup');

      await expect(knex.migrate.down(migrationsConfig)).rejects.toThrow(
        /1 tasks of the types create_backup, restore_backup, delete_backup exist/,
      );

      await knex('styrmin_steps').delete();
      await knex('styrmin_tasks').delete();
      await insertTask(knex, 30, 'run_job');
      await knex.migrate.down(migrationsConfig);
      expect(
        await knex.schema.hasColumn('styrmin_backups', 'delete_task_id'),
      ).toBe(false);
      await expect(insertTask(knex, 40, 'create_backup')).rejects.toThrow();
      expect(await knex('styrmin_steps').pluck('id')).toEqual([id(32)]);

      await knex.migrate.up(migrationsConfig);
      await insertTask(knex, 50, 'create_backup');
    });
  });
});
