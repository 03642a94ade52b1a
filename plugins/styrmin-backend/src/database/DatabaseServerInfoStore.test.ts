import { mockServices } from '@backstage/backend-test-utils';
import knexFactory from 'knex';
import {
  createTestDatabases,
  engineOfTestDatabase,
  versionPatternOfTestDatabase,
} from '../__testUtils__/databases';
import { latestSchemaVersion } from '../__testUtils__/migrations';
import { DatabaseServerInfoStore } from './DatabaseServerInfoStore';

const UUID =
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

jest.setTimeout(60_000);

describe('DatabaseServerInfoStore', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function createStore() {
      const knex = await databases.init(databaseId);
      const store = await DatabaseServerInfoStore.create({
        database: mockServices.database({ knex }),
      });
      return { knex, store };
    }

    it('migrates the database to the latest schema', async () => {
      const { knex } = await createStore();
      await expect(knex.schema.hasTable('styrmin_installation')).resolves.toBe(
        true,
      );
    });

    it('leaves the schema alone when migrations are skipped', async () => {
      const knex = await databases.init(databaseId);
      await DatabaseServerInfoStore.create({
        database: mockServices.database({ knex, migrations: { skip: true } }),
      });
      await expect(knex.schema.hasTable('styrmin_installation')).resolves.toBe(
        false,
      );
    });

    it('records the installation on first use and returns it ever after', async () => {
      const { knex, store } = await createStore();
      await expect(knex('styrmin_installation')).resolves.toEqual([]);
      // SQLite's CURRENT_TIMESTAMP has whole seconds.
      const before = Math.floor(Date.now() / 1000) * 1000;

      const first = await store.getInstallation();
      const after = Date.now();

      expect(first.id).toMatch(UUID);
      expect(first.createdAt.getTime()).toBeGreaterThanOrEqual(before);
      expect(first.createdAt.getTime()).toBeLessThanOrEqual(after);
      await expect(store.getInstallation()).resolves.toEqual(first);
      const rows = await knex('styrmin_installation');
      expect(rows).toEqual([
        expect.objectContaining({ singleton: 1, installation_id: first.id }),
      ]);
    });

    it('gives concurrent callers on several replicas one installation', async () => {
      const { knex, store } = await createStore();
      // A second replica on the same database, started after the first migrated it.
      const replica = await DatabaseServerInfoStore.create({
        database: mockServices.database({ knex }),
      });

      const installations = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? replica : store).getInstallation(),
        ),
      );

      const ids = new Set(installations.map(({ id }) => id));
      expect(ids.size).toBe(1);
      const [{ n }] = await knex('styrmin_installation').count({ n: '*' });
      expect(Number(n)).toBe(1);
    });

    it('reads the engine, its version and the schema version from the database', async () => {
      const { store } = await createStore();

      await expect(store.getDatabase()).resolves.toEqual({
        engine: engineOfTestDatabase(databaseId),
        version: expect.stringMatching(
          versionPatternOfTestDatabase(databaseId),
        ),
        schemaVersion: latestSchemaVersion,
      });
    });
  });

  it('refuses a database engine Styrmin does not support', async () => {
    const knex = knexFactory({ client: 'mysql2' });
    await expect(
      DatabaseServerInfoStore.create({
        database: mockServices.database({ knex }),
      }),
    ).rejects.toThrow('Styrmin needs PostgreSQL or SQLite');
    await knex.destroy();
  });
});
