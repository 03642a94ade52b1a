import { Knex } from 'knex';
import { createTestDatabases } from '../__testUtils__/databases';
import { migrateUpTo } from '../__testUtils__/migrations';
import { migrationsConfig } from '../database/migrations';

const MIGRATION = '20261130020000_driver_versions.js';

jest.setTimeout(60_000);

describe('20261130020000_driver_versions', () => {
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
  const git = {
    source_type: 'GIT',
    source_url: 'https://example.com/drivers.git',
    source_commit: 'c'.repeat(40),
    source_path: '.',
  };

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    let knex: Knex;

    beforeEach(async () => {
      knex = await databases.init(databaseId);
      await migrateUpTo(knex, MIGRATION);
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
    });

    it('keeps one row per driver version, of a stored driver and bundle', async () => {
      await knex('styrmin_driver_versions').insert(version);
      await expect(
        knex('styrmin_driver_versions').insert({
          ...version,
          id: '00000000-0000-4000-8000-000000000002',
        }),
      ).rejects.toThrow();
      const other = { ...version, id: '00000000-0000-4000-8000-000000000003' };
      await expect(
        knex('styrmin_driver_versions').insert({
          ...other,
          version: '1.1.0',
          digest: `sha256:${'b'.repeat(64)}`,
        }),
      ).rejects.toThrow();
      await expect(
        knex('styrmin_driver_versions').insert({
          ...other,
          version: '1.1.0',
          driver_name: 'semaphore',
        }),
      ).rejects.toThrow();
      const [row] = await knex('styrmin_driver_bundles').select('archive');
      expect(Buffer.from(row.archive)).toEqual(Buffer.from([1, 2, 3]));
    });

    it.each([
      ['a digest that is not sha256', 'bundle', { digest: 'md5:abc' }],
      ['an unknown source type', 'version', { source_type: 'S3' }],
      [
        'a git source without its commit',
        'version',
        { ...git, source_commit: null },
      ],
      [
        'a git source without its path',
        'version',
        { ...git, source_path: null },
      ],
      ['a directory source with a URL', 'version', { source_url: 'https://x' }],
      [
        'an upload with a ref',
        'version',
        { source_type: 'UPLOAD', source_ref: 'main' },
      ],
      ['a directory source without its path', 'version', { source_path: null }],
    ])('refuses %s', async (_case, table, change) => {
      const insert =
        table === 'bundle'
          ? knex('styrmin_driver_bundles').insert({
              digest,
              archive: Buffer.from([]),
              file_count: 0,
              size_bytes: 0,
              created_at: now,
              ...change,
            })
          : knex('styrmin_driver_versions').insert({ ...version, ...change });
      await expect(insert).rejects.toThrow();
    });

    it('accepts every kind of source', async () => {
      await knex('styrmin_driver_versions').insert([
        version,
        {
          ...version,
          id: '00000000-0000-4000-8000-000000000004',
          version: '1.1.0',
          ...git,
          source_ref: 'main',
        },
        {
          ...version,
          id: '00000000-0000-4000-8000-000000000005',
          version: '1.2.0',
          source_type: 'UPLOAD',
          source_path: null,
        },
      ]);
      await expect(knex('styrmin_driver_versions')).resolves.toHaveLength(3);
    });

    it('goes down without a trace', async () => {
      await knex.migrate.down(migrationsConfig);
      for (const table of [
        'styrmin_drivers',
        'styrmin_driver_bundles',
        'styrmin_driver_versions',
      ]) {
        await expect(knex.schema.hasTable(table)).resolves.toBe(false);
      }
    });
  });
});
