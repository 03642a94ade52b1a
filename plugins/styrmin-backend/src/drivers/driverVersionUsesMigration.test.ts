import { Knex } from 'knex';
import { createTestDatabases } from '../__testUtils__/databases';
import { migrateUpTo, migrationFileNames } from '../__testUtils__/migrations';
import { migrationsConfig } from '../database/migrations';

const MIGRATION = '20261201020000_driver_version_uses.js';

jest.setTimeout(60_000);

describe('20261201020000_driver_version_uses', () => {
  const databases = createTestDatabases();
  const now = new Date('2026-12-01T12:00:00Z');
  const digest = `sha256:${'a'.repeat(64)}`;
  const version = {
    id: '00000000-0000-4000-8000-000000000001',
    driver_name: 'infrahub',
    version: '1.0.0',
    spec: '{}',
    digest,
    source_type: 'DIRECTORY',
    source_path: '/srv/drivers/infrahub',
    loaded_by: 'user:default/ada',
    loaded_at: now,
  };

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    let knex: Knex;

    beforeEach(async () => {
      knex = await databases.init(databaseId);
      await migrateUpTo(
        knex,
        migrationFileNames[migrationFileNames.indexOf(MIGRATION) - 1],
      );
      await knex('styrmin_drivers').insert({
        name: 'infrahub',
        created_at: now,
      });
      await knex('styrmin_driver_bundles').insert({
        digest,
        archive: Buffer.from([1, 2, 3]),
        file_count: 1,
        size_bytes: 3,
        created_at: now,
      });
      await knex('styrmin_driver_versions').insert(version);
    });

    it('adds uses, null for the versions already loaded, and takes it away going down', async () => {
      await knex.migrate.up(migrationsConfig);
      expect(
        await knex('styrmin_driver_versions').select('id', 'uses'),
      ).toEqual([{ id: version.id, uses: null }]);
      const uses = JSON.stringify([['cluster', 'ingress_class']]);
      await knex('styrmin_driver_versions')
        .update({ uses })
        .where({ id: version.id });
      expect(await knex('styrmin_driver_versions').first('uses')).toEqual({
        uses,
      });

      await knex.migrate.down(migrationsConfig);
      expect(
        await knex.schema.hasColumn('styrmin_driver_versions', 'uses'),
      ).toBe(false);
      expect(await knex('styrmin_driver_versions').select('id')).toEqual([
        { id: version.id },
      ]);
    });
  });
});
