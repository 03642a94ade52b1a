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

const MIGRATION = '20261201000000_backups.js';

jest.setTimeout(60_000);

describe('20261201000000_backups', () => {
  const databases = createTestDatabases();
  const who = { created_by: 'user:default/ada', created_at: now };
  const stamps = {
    version: 1,
    ...who,
    updated_by: 'user:default/ada',
    updated_at: now,
  };
  const environment = (n: number, name: string, bsl: string | null) => ({
    id: id(n),
    name,
    cluster_id: id(1),
    overrides: '{}',
    backup_storage_location: bsl,
    ...stamps,
  });

  /** Environments dev (minio), staging (minio), prod (s3) and test (none), a deployment. */
  async function beforeMigration(knex: Knex) {
    await migrateUpTo(
      knex,
      migrationFileNames[migrationFileNames.indexOf(MIGRATION) - 1],
    );
    await insertTestEnvironment(knex);
    await knex('styrmin_environments')
      .where({ id: id(2) })
      .update({ backup_storage_location: 'minio' });
    await knex('styrmin_environments').insert([
      environment(5, 'staging', 'minio'),
      environment(6, 'prod', 's3'),
      environment(7, 'test', null),
    ]);
    await knex('styrmin_deployments').insert(
      testDeploymentRow(id(3), 'infrahub'),
    );
  }

  const bslOfEnvironments = async (knex: Knex) =>
    Object.fromEntries(
      (
        await knex('styrmin_environments as e')
          .leftJoin(
            'styrmin_backup_storage_locations as b',
            'b.id',
            'e.backup_storage_location_id',
          )
          .select('e.name', 'b.name as bsl')
      ).map(row => [row.name, row.bsl]),
    );

  /** A task with its flow run, and an instance of the deployment: what a backup needs. */
  async function insertTaskAndInstance(knex: Knex, n: number) {
    await knex('styrmin_flow_runs').insert(testFlowRunRow(id(n)));
    await knex('styrmin_tasks').insert({
      id: id(n + 1),
      type: 'create_instance',
      deployment_id: id(3),
      flow_run_id: id(n),
      sequence: n,
      ...who,
    });
    await knex('styrmin_instances').insert({
      id: id(n + 2),
      deployment_id: id(3),
      number: n,
      driver_name: 'infrahub',
      driver_version: '1.0.0',
      context: '{}',
      diff: '[]',
      active: false,
      ...who,
    });
  }

  const backup = (n: number, bslId: string, more: object = {}) => ({
    id: id(n),
    deployment_id: id(3),
    instance_id: id(n - 6),
    backup_storage_location_id: bslId,
    velero_backup_name: `infrahub-${n}`,
    task_id: id(n - 7),
    trigger: 'ON_DEMAND',
    ttl_seconds: 3600,
    error_count: 0,
    warning_count: 0,
    ...who,
    updated_at: now,
    ...more,
  });

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    it('turns each distinct location name into an unconfigured location the environments reference', async () => {
      const knex = await databases.init(databaseId);
      await beforeMigration(knex);
      await knex.migrate.up(migrationsConfig);

      expect(
        await knex('styrmin_backup_storage_locations')
          .orderBy('name')
          .select('name', 'provider', 'bucket', 'credentials_secret_name'),
      ).toEqual([
        {
          name: 'minio',
          provider: 'S3',
          bucket: null,
          credentials_secret_name: null,
        },
        {
          name: 's3',
          provider: 'S3',
          bucket: null,
          credentials_secret_name: null,
        },
      ]);
      expect(await bslOfEnvironments(knex)).toEqual({
        dev: 'minio',
        staging: 'minio',
        prod: 's3',
        test: null,
      });
      expect(
        await knex.schema.hasColumn(
          'styrmin_environments',
          'backup_storage_location',
        ),
      ).toBe(false);
      // The copy of the table (SQLite) kept the deployment that references it.
      expect(await knex('styrmin_deployments').pluck('id')).toEqual([id(3)]);
      await expect(
        knex('styrmin_environments')
          .where({ id: id(7) })
          .update({ backup_storage_location_id: id(99) }),
      ).rejects.toThrow();
    });

    it('holds backups, restores and schedules to their rules', async () => {
      const knex = await databases.init(databaseId);
      await beforeMigration(knex);
      await knex.migrate.up(migrationsConfig);
      const [minio] = await knex('styrmin_backup_storage_locations')
        .where({ name: 'minio' })
        .pluck('id');
      await insertTaskAndInstance(knex, 10);
      await insertTaskAndInstance(knex, 20);
      await insertTaskAndInstance(knex, 30);

      await knex('styrmin_backups').insert(backup(18, minio));
      // A scheduled backup names its slot, once per deployment and slot.
      await expect(
        knex('styrmin_backups').insert(
          backup(28, minio, { trigger: 'SCHEDULE' }),
        ),
      ).rejects.toThrow();
      await knex('styrmin_backups').insert(
        backup(28, minio, { trigger: 'SCHEDULE', scheduled_for: now }),
      );
      await expect(
        knex('styrmin_backups').insert(
          backup(38, minio, { trigger: 'SCHEDULE', scheduled_for: now }),
        ),
      ).rejects.toThrow();
      await expect(
        knex('styrmin_backups').insert(
          backup(38, minio, { velero_backup_name: 'infrahub-18' }),
        ),
      ).rejects.toThrow();
      await expect(
        knex('styrmin_backups').insert(backup(38, minio, { ttl_seconds: 0 })),
      ).rejects.toThrow();

      // A restore outlives its backup.
      await knex('styrmin_restores').insert({
        id: id(40),
        backup_id: id(18),
        source_deployment_id: id(3),
        deployment_id: id(3),
        velero_backup_name: 'infrahub-18',
        velero_restore_name: 'infrahub-restore-40',
        task_id: id(31),
        error_count: 0,
        warning_count: 0,
        ...who,
        updated_at: now,
      });
      await knex('styrmin_backups')
        .where({ id: id(18) })
        .delete();
      expect(
        await knex('styrmin_restores')
          .where({ id: id(40) })
          .first(),
      ).toMatchObject({ backup_id: null, velero_backup_name: 'infrahub-18' });

      const schedule = (n: number, owner: object) => ({
        id: id(n),
        cron: '0 3 * * *',
        ttl_seconds: 86400,
        paused: false,
        ...stamps,
        ...owner,
      });
      await knex('styrmin_backup_schedules').insert([
        schedule(50, { environment_id: id(2) }),
        schedule(51, { deployment_id: id(3) }),
      ]);
      await expect(
        knex('styrmin_backup_schedules').insert(
          schedule(52, { environment_id: id(2) }),
        ),
      ).rejects.toThrow();
      await expect(
        knex('styrmin_backup_schedules').insert(
          schedule(52, { environment_id: id(5), deployment_id: id(3) }),
        ),
      ).rejects.toThrow();
      await expect(
        knex('styrmin_backup_schedules').insert(schedule(52, {})),
      ).rejects.toThrow();
    });

    it('goes down to the location names, and up again', async () => {
      const knex = await databases.init(databaseId);
      await beforeMigration(knex);
      await knex.migrate.up(migrationsConfig);
      await knex.migrate.down(migrationsConfig);

      expect(
        Object.fromEntries(
          (
            await knex('styrmin_environments').select(
              'name',
              'backup_storage_location',
            )
          ).map(row => [row.name, row.backup_storage_location]),
        ),
      ).toEqual({ dev: 'minio', staging: 'minio', prod: 's3', test: null });
      for (const table of [
        'styrmin_backup_storage_locations',
        'styrmin_backup_storage_location_statuses',
        'styrmin_backups',
        'styrmin_restores',
        'styrmin_backup_schedules',
      ]) {
        expect(await knex.schema.hasTable(table)).toBe(false);
      }
      expect(await knex('styrmin_deployments').pluck('id')).toEqual([id(3)]);

      await knex.migrate.up(migrationsConfig);
      expect(await bslOfEnvironments(knex)).toMatchObject({ dev: 'minio' });
    });
  });
});
