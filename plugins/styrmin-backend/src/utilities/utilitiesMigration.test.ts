import { Knex } from 'knex';
import { createTestDatabases } from '../__testUtils__/databases';
import { migrateUpTo, migrationFileNames } from '../__testUtils__/migrations';
import { migrationsConfig } from '../database/migrations';

const MIGRATION = '20261203040000_utilities.js';

jest.setTimeout(60_000);

describe('20261203040000_utilities', () => {
  const databases = createTestDatabases();
  const now = new Date('2026-12-03T04:00:00Z');
  const stamps = {
    version: 1,
    created_by: 'user:default/ada',
    created_at: now,
    updated_by: 'user:default/ada',
    updated_at: now,
  };
  const digest = `sha256:${'b'.repeat(64)}`;

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    let knex: Knex;

    beforeEach(async () => {
      knex = await databases.init(databaseId);
      await migrateUpTo(
        knex,
        migrationFileNames[migrationFileNames.indexOf(MIGRATION) - 1],
      );
      await knex('styrmin_clusters').insert({
        id: '00000000-0000-4000-8000-0000000000c1',
        name: 'local',
        settings: '{}',
        agent_token_hash: 'a'.repeat(64),
        agent_token_rotated_at: now,
        ...stamps,
      });
      await knex('styrmin_environments').insert({
        id: '00000000-0000-4000-8000-0000000000e1',
        name: 'system-local',
        cluster_id: '00000000-0000-4000-8000-0000000000c1',
        overrides: '{}',
        ...stamps,
      });
      await knex('styrmin_drivers').insert({
        name: 'infrahub',
        created_at: now,
      });
      await knex('styrmin_driver_bundles').insert({
        digest,
        archive: Buffer.from([1]),
        file_count: 1,
        size_bytes: 1,
        created_at: now,
      });
      await knex('styrmin_driver_versions').insert({
        id: '00000000-0000-4000-8000-0000000000d1',
        driver_name: 'infrahub',
        version: '1.0.0',
        spec: '{}',
        digest,
        source_type: 'DIRECTORY',
        source_path: '/srv/drivers/infrahub',
        loaded_by: 'user:default/ada',
        loaded_at: now,
      });
      // Rows that reference both tables, which a copy of either would break on SQLite.
      await knex('styrmin_deployments').insert({
        id: '00000000-0000-4000-8000-0000000000a1',
        environment_id: '00000000-0000-4000-8000-0000000000e1',
        name: 'infrahub',
        driver_name: 'infrahub',
        driver_version: '1.0.0',
        configuration: '{}',
        state: 'RUNNING',
        ...stamps,
      });
    });

    it('marks loaded versions as no utilities, gives clusters no system environment, and takes both away going down', async () => {
      await knex.migrate.up(migrationsConfig);
      const [version] = await knex('styrmin_driver_versions').select('utility');
      expect(Boolean(version.utility)).toBe(false);
      expect(
        await knex('styrmin_clusters').select('system_environment_id'),
      ).toEqual([{ system_environment_id: null }]);
      await knex('styrmin_clusters').update({
        system_environment_id: '00000000-0000-4000-8000-0000000000e1',
      });

      await knex.migrate.down(migrationsConfig);
      expect(
        await knex.schema.hasColumn(
          'styrmin_clusters',
          'system_environment_id',
        ),
      ).toBe(false);
      expect(
        await knex.schema.hasColumn('styrmin_driver_versions', 'utility'),
      ).toBe(false);
      expect(await knex('styrmin_clusters').select('name')).toEqual([
        { name: 'local' },
      ]);
    });

    it('refuses a system environment that does not exist (PostgreSQL, the foreign key)', async () => {
      await knex.migrate.up(migrationsConfig);
      const update = knex('styrmin_clusters').update({
        system_environment_id: '00000000-0000-4000-8000-0000000000ff',
      });
      const outcome = await update.then(
        () => 'written',
        (error: Error) =>
          /foreign key/i.test(error.message) ? 'refused' : error.message,
      );
      // No foreign key on SQLite (the migration says why).
      expect(outcome).toBe(databaseId === 'SQLITE_3' ? 'written' : 'refused');
    });
  });
});
