import fs from 'node:fs';
import { Knex } from 'knex';
import { migrationsConfig } from '../database/migrations';

/** The file names of every migration, in the order knex applies them. */
export const migrationFileNames: string[] = fs
  .readdirSync(migrationsConfig.directory as string)
  .filter(file => file.endsWith('.js'))
  .sort();

/** The schema version a fully migrated database reports: the newest migration's name. */
export const latestSchemaVersion = migrationFileNames
  .at(-1)!
  .replace(/\.js$/, '');

/** Applies the migrations up to and including `name`, as knex would one at a time. */
export async function migrateUpTo(knex: Knex, name: string): Promise<void> {
  const index = migrationFileNames.indexOf(name);
  if (index === -1) {
    throw new Error(`No migration ${name} in ${migrationsConfig.directory}`);
  }
  for (let i = 0; i <= index; i++) {
    await knex.migrate.up(migrationsConfig);
  }
}
