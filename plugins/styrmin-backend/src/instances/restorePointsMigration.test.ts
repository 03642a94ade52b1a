import { createTestDatabases } from '../__testUtils__/databases';
import { migrateUpTo, migrationFileNames } from '../__testUtils__/migrations';
import {
  insertTestEnvironment,
  testDeploymentRow,
  testId as id,
  TEST_ROWS_AT as now,
} from '../__testUtils__/testDeployments';
import { migrationsConfig } from '../database/migrations';

const MIGRATION = '20261203030000_restore_points';

jest.setTimeout(60_000);

describe('20261203030000_restore_points', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    it('gives environments their settings ({} before) and instances their restore points, and going down drops them and keeps the rows', async () => {
      const knex = await databases.init(databaseId);
      // Up to the migration before it, then it.
      const index = migrationFileNames.indexOf(`${MIGRATION}.js`);
      await migrateUpTo(knex, migrationFileNames[index - 1]);
      await insertTestEnvironment(knex);
      await knex('styrmin_deployments').insert(
        testDeploymentRow(id(3), 'infrahub'),
      );
      const instance = (n: number, number: number) => ({
        id: id(n),
        deployment_id: id(3),
        number,
        driver_name: 'infrahub',
        driver_version: '1.0.0',
        context: '{}',
        diff: '[]',
        active: number === 2,
        created_by: 'user:default/ada',
        created_at: now,
      });
      await knex('styrmin_instances').insert(instance(40, 1));

      await knex.migrate.up(migrationsConfig);
      expect(await knex('styrmin_environments').pluck('settings')).toEqual([
        '{}',
      ]);
      const [before] = await knex('styrmin_instances').where({ id: id(40) });
      expect(before).toMatchObject({
        configuration: null,
        restore_point_backup_id: null,
        rollback_to_instance_id: null,
        restores_backup_id: null,
      });
      await knex('styrmin_instances').insert({
        ...instance(41, 2),
        configuration: 'sealed',
        restore_point_backup_id: id(50),
        rollback_to_instance_id: id(40),
        restores_backup_id: id(51),
      });
      await knex('styrmin_environments').update({
        settings: '{"backup_before_upgrade":"always"}',
      });

      await knex.migrate.down(migrationsConfig);
      expect(
        await knex.schema.hasColumn('styrmin_environments', 'settings'),
      ).toBe(false);
      for (const column of [
        'configuration',
        'restore_point_backup_id',
        'rollback_to_instance_id',
        'restores_backup_id',
      ]) {
        expect(await knex.schema.hasColumn('styrmin_instances', column)).toBe(
          false,
        );
      }
      expect(
        await knex('styrmin_instances').orderBy('number').pluck('id'),
      ).toEqual([id(40), id(41)]);

      await knex.migrate.up(migrationsConfig);
      expect(
        await knex('styrmin_instances').pluck('restore_point_backup_id'),
      ).toEqual([null, null]);
    });
  });
});
