import { Knex } from 'knex';
import { createTestDatabases } from '../__testUtils__/databases';
import { migrationFileNames } from '../__testUtils__/migrations';
import { migrationsConfig } from './migrations';

async function appliedMigrations(knex: Knex): Promise<string[]> {
  const [completed] = await knex.migrate.list(migrationsConfig);
  return completed.map(({ name }: { name: string }) => name);
}

async function migrateUpTo(knex: Knex, name: string): Promise<void> {
  const index = migrationFileNames.indexOf(name);
  if (index === -1) {
    throw new Error(`No migration ${name} in ${migrationsConfig.directory}`);
  }
  for (let i = 0; i <= index; i++) {
    await knex.migrate.up(migrationsConfig);
  }
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
