import { DatabaseService } from '@backstage/backend-plugin-api';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { MIGRATIONS_TABLE, migrationsConfig } from './migrations';
import {
  ServerInfoStore,
  ServerInfoStoreDatabase,
  ServerInfoStoreDatabaseEngine,
  ServerInfoStoreInstallation,
} from './ServerInfoStore';
import { DbInstallationRow, DbMigrationRow } from './tables';

const INSTALLATION_TABLE = 'styrmin_installation';

/**
 * Options of {@link DatabaseServerInfoStore.create}.
 *
 * @internal
 */
export type DatabaseServerInfoStoreOptions = {
  database: DatabaseService;
};

/**
 * The {@link ServerInfoStore} on the plugin's database (SQLite or PostgreSQL).
 *
 * @internal
 */
export class DatabaseServerInfoStore implements ServerInfoStore {
  readonly #knex: Knex;
  readonly #engine: ServerInfoStoreDatabaseEngine;

  /**
   * Connects to the plugin's database, refuses engines Styrmin does not support, and
   * migrates it to the latest schema unless the deployment manages migrations itself.
   */
  static async create(
    options: DatabaseServerInfoStoreOptions,
  ): Promise<DatabaseServerInfoStore> {
    const { database } = options;
    const knex = await database.getClient();
    const engine = engineOf(knex);
    if (!database.migrations?.skip) {
      await knex.migrate.latest(migrationsConfig);
    }
    return new DatabaseServerInfoStore(knex, engine);
  }

  private constructor(knex: Knex, engine: ServerInfoStoreDatabaseEngine) {
    this.#knex = knex;
    this.#engine = engine;
  }

  async getInstallation(): Promise<ServerInfoStoreInstallation> {
    const existing = await this.#readInstallation();
    if (existing) {
      return existing;
    }
    // Replicas that start together all get here. The constant primary key lets exactly one
    // insert win; the others' inserts are ignored, and everyone reads the winner's row.
    await this.#knex<DbInstallationRow>(INSTALLATION_TABLE)
      .insert({ singleton: 1, installation_id: randomUUID() })
      .onConflict('singleton')
      .ignore();
    const created = await this.#readInstallation();
    if (!created) {
      throw new Error(
        `The ${INSTALLATION_TABLE} row vanished right after it was inserted`,
      );
    }
    return created;
  }

  async getDatabase(): Promise<ServerInfoStoreDatabase> {
    const [version, schemaVersion] = await Promise.all([
      this.#readEngineVersion(),
      this.#readSchemaVersion(),
    ]);
    return { engine: this.#engine, version, schemaVersion };
  }

  async #readInstallation(): Promise<ServerInfoStoreInstallation | undefined> {
    const row = await this.#knex<DbInstallationRow>(INSTALLATION_TABLE).first();
    return (
      row && { id: row.installation_id, createdAt: toDate(row.created_at) }
    );
  }

  async #readEngineVersion(): Promise<string> {
    if (this.#engine === 'POSTGRESQL') {
      const result = await this.#knex.raw<{
        rows: Array<{ server_version: string }>;
      }>('show server_version');
      return result.rows[0].server_version;
    }
    const rows = await this.#knex.raw<Array<{ version: string }>>(
      'select sqlite_version() as version',
    );
    return rows[0].version;
  }

  async #readSchemaVersion(): Promise<string> {
    // Migration names start with their timestamp and knex applies them in name order, so
    // the greatest name is the schema version.
    const row = await this.#knex<DbMigrationRow>(MIGRATIONS_TABLE)
      .orderBy('name', 'desc')
      .first('name');
    if (!row) {
      throw new Error(`No migration is recorded in ${MIGRATIONS_TABLE}`);
    }
    return row.name.replace(/\.js$/, '');
  }
}

function engineOf(knex: Knex): ServerInfoStoreDatabaseEngine {
  switch (knex.client.dialect) {
    case 'postgresql':
      return 'POSTGRESQL';
    // knex's better-sqlite3 client is a flavour of its sqlite3 dialect.
    case 'sqlite3':
      return 'SQLITE';
    default:
      throw new Error(
        `Styrmin needs PostgreSQL or SQLite; the plugin's database is ${knex.client.dialect}`,
      );
  }
}

/** PostgreSQL returns timestamps as Dates; SQLite's CURRENT_TIMESTAMP is UTC text. */
function toDate(value: string | Date): Date {
  if (value instanceof Date) {
    return value;
  }
  const date = new Date(`${value.replace(' ', 'T')}Z`);
  if (Number.isNaN(date.getTime())) {
    throw new Error(`Failed to parse the database timestamp '${value}'`);
  }
  return date;
}
