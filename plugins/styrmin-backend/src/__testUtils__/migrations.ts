import fs from 'node:fs';
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
