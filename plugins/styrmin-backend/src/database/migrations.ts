import {
  DatabaseService,
  resolvePackagePath,
} from '@backstage/backend-plugin-api';
import { Knex } from 'knex';

/** The table where knex records the applied migrations (knex's default name). */
export const MIGRATIONS_TABLE = 'knex_migrations';

/**
 * How knex finds and records Styrmin's migrations. The stores and the migration tests share
 * it, so the tests step through exactly what production runs.
 */
export const migrationsConfig: Knex.MigratorConfig = {
  directory: resolvePackagePath(
    '@styrmin/plugin-styrmin-backend',
    'migrations',
  ),
  tableName: MIGRATIONS_TABLE,
  // Only the plain JS files are migrations. knex would also load `.ts` files, and the
  // package ships `.d.ts` files beside the migrations.
  loadExtensions: ['.js'],
};

/**
 * The plugin's database client, migrated to the latest migration unless the deployment
 * manages migrations itself (`database.migrations.skip`): what every store's `create` does.
 */
export async function connectDatabase(
  database: DatabaseService,
): Promise<Knex> {
  const knex = await database.getClient();
  if (!database.migrations?.skip) {
    await knex.migrate.latest(migrationsConfig);
  }
  return knex;
}
