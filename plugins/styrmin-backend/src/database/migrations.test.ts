import { Knex } from 'knex';
import { createTestDatabases } from '../__testUtils__/databases';
import { migrateUpTo, migrationFileNames } from '../__testUtils__/migrations';
import {
  testFlowRunRow,
  testId as id,
  TEST_ROWS_AT as now,
} from '../__testUtils__/testDeployments';
import { migrationsConfig } from './migrations';

async function appliedMigrations(knex: Knex): Promise<string[]> {
  const [completed] = await knex.migrate.list(migrationsConfig);
  return completed.map(({ name }: { name: string }) => name);
}

jest.setTimeout(60_000);

describe('migrations', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    it('steps every migration up, down, and up again', async () => {
      const knex = await databases.init(databaseId);

      for (let applied = 1; applied <= migrationFileNames.length; applied++) {
        await knex.migrate.up(migrationsConfig);
        await expect(appliedMigrations(knex)).resolves.toEqual(
          migrationFileNames.slice(0, applied),
        );
      }
      for (
        let applied = migrationFileNames.length - 1;
        applied >= 0;
        applied--
      ) {
        await knex.migrate.down(migrationsConfig);
        await expect(appliedMigrations(knex)).resolves.toEqual(
          migrationFileNames.slice(0, applied),
        );
      }
      await knex.migrate.latest(migrationsConfig);
      await expect(appliedMigrations(knex)).resolves.toEqual(
        migrationFileNames,
      );
    });

    it('20261130000000_installation holds exactly one installation', async () => {
      const knex = await databases.init(databaseId);

      await migrateUpTo(knex, '20261130000000_installation.js');
      await expect(knex.schema.hasTable('styrmin_installation')).resolves.toBe(
        true,
      );
      const installationId = 'c0ffee00-0000-4000-8000-000000000001';
      await knex('styrmin_installation').insert({
        singleton: 1,
        installation_id: installationId,
      });
      // The constant primary key refuses a second row, and the check refuses another key.
      await expect(
        knex('styrmin_installation').insert({
          singleton: 1,
          installation_id: 'c0ffee00-0000-4000-8000-000000000002',
        }),
      ).rejects.toThrow();
      await expect(
        knex('styrmin_installation').insert({
          singleton: 2,
          installation_id: 'c0ffee00-0000-4000-8000-000000000003',
        }),
      ).rejects.toThrow();
      const rows = await knex('styrmin_installation');
      expect(rows).toEqual([
        {
          singleton: 1,
          installation_id: installationId,
          created_at: expect.anything(),
        },
      ]);

      await knex.migrate.down(migrationsConfig);
      await expect(knex.schema.hasTable('styrmin_installation')).resolves.toBe(
        false,
      );

      await knex.migrate.up(migrationsConfig);
      await expect(knex('styrmin_installation')).resolves.toEqual([]);
    });
  });
});

describe('20261130010000_tasks_and_flow_runs', () => {
  const databases = createTestDatabases();
  const run = testFlowRunRow(id(1));
  const task = {
    id: id(11),
    type: 'create_instance',
    deployment_id: 'd1',
    flow_run_id: run.id,
    created_by: 'user:default/ada',
    created_at: now,
  };
  const step = {
    id: id(21),
    task_id: task.id,
    position: 0,
    name: 'Install or upgrade the HelmRelease',
    status: 'PENDING',
    attempts: 0,
  };
  const startedTask = {
    ...task,
    id: id(12),
    type: 'stop_components',
    flow_run_id: id(2),
  };

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    it('keeps runs, tasks and steps consistent, and goes away on the way down', async () => {
      const knex = await databases.init(databaseId);
      await migrateUpTo(knex, '20261130010000_tasks_and_flow_runs.js');

      await knex('styrmin_flow_runs').insert([
        run,
        { ...run, id: startedTask.flow_run_id },
        {
          ...run,
          id: id(3),
          state: 'RUNNING',
          attempts: 1,
          lease_owner: 'worker-1',
          lease_expires_at: now,
        },
      ]);
      await knex('styrmin_tasks').insert([task, startedTask]);
      await knex('styrmin_steps').insert([
        step,
        { ...step, id: id(22), position: 1 },
        {
          ...step,
          id: id(23),
          position: 2,
          status: 'SUPERSEDED',
          superseded_by_task_id: startedTask.id,
        },
      ]);
      await knex('styrmin_step_errors').insert({
        step_id: step.id,
        attempt: 1,
        message: 'boom',
        occurred_at: now,
      });
      await knex('styrmin_step_links').insert({
        step_id: step.id,
        started_task_id: startedTask.id,
      });

      // Each row is valid but for the one column that the constraint guards.
      const refused: Array<[string, Record<string, unknown>]> = [
        ['styrmin_flow_runs', { ...run, id: id(4), state: 'CANCELLED' }],
        ['styrmin_flow_runs', { ...run, id: id(4), pool: 'cluster:' }],
        ['styrmin_flow_runs', { ...run, id: id(4), pool: 'elsewhere' }],
        ['styrmin_flow_runs', { ...run, id: id(4), attempts: 4 }],
        ['styrmin_flow_runs', { ...run, id: id(4), max_attempts: 0 }],
        ['styrmin_flow_runs', { ...run, id: id(4), state: 'RUNNING' }],
        [
          'styrmin_flow_runs',
          { ...run, id: id(4), lease_owner: 'worker-1', lease_expires_at: now },
        ],
        ['styrmin_tasks', { ...task, id: id(13), type: 'backup' }],
        ['styrmin_tasks', { ...task, id: id(13) }],
        ['styrmin_steps', { ...step, id: id(24) }],
        ['styrmin_steps', { ...step, id: id(24), position: 3, status: 'DONE' }],
        [
          'styrmin_steps',
          { ...step, id: id(24), position: 3, status: 'SUPERSEDED' },
        ],
        [
          'styrmin_steps',
          {
            ...step,
            id: id(24),
            position: 3,
            superseded_by_task_id: startedTask.id,
          },
        ],
        [
          'styrmin_step_errors',
          { step_id: step.id, attempt: 1, message: 'again', occurred_at: now },
        ],
        [
          'styrmin_step_links',
          { step_id: id(22), started_task_id: startedTask.id },
        ],
      ];
      for (const [table, row] of refused) {
        await expect(knex(table).insert(row)).rejects.toThrow();
      }

      // Deleting a task takes its steps, their errors and links along.
      await knex('styrmin_steps')
        .where({ superseded_by_task_id: startedTask.id })
        .delete();
      await knex('styrmin_tasks').where({ id: task.id }).delete();
      await expect(knex('styrmin_steps')).resolves.toEqual([]);
      await expect(knex('styrmin_step_errors')).resolves.toEqual([]);
      await expect(knex('styrmin_step_links')).resolves.toEqual([]);

      await knex.migrate.down(migrationsConfig);
      for (const table of [
        'styrmin_flow_runs',
        'styrmin_tasks',
        'styrmin_steps',
        'styrmin_step_errors',
        'styrmin_step_links',
      ]) {
        await expect(knex.schema.hasTable(table)).resolves.toBe(false);
      }
      await expect(knex.schema.hasTable('styrmin_installation')).resolves.toBe(
        true,
      );
    });
  });
});
