import { TestDatabaseId, TestDatabases } from '@backstage/backend-test-utils';
import { ServerInfoStoreDatabaseEngine } from '../database/ServerInfoStore';

/**
 * Every database Styrmin supports. Only those the environment provides run: SQLite always,
 * PostgreSQL when a `BACKSTAGE_TEST_DATABASE_POSTGRES<version>_CONNECTION_STRING` names a
 * server (scripts/postgres.sh exports one) or when Docker may start one.
 */
const STYRMIN_TEST_DATABASE_IDS: TestDatabaseId[] = [
  'POSTGRES_18',
  'POSTGRES_17',
  'POSTGRES_16',
  'POSTGRES_15',
  'POSTGRES_14',
  'POSTGRES_13',
  'SQLITE_3',
];

/**
 * Creates the `TestDatabases` of a test file. With `STYRMIN_REQUIRE_POSTGRES=1` (set by CI)
 * a missing PostgreSQL fails the file instead of letting it pass on SQLite alone.
 */
export function createTestDatabases(): TestDatabases {
  const databases = TestDatabases.create({ ids: STYRMIN_TEST_DATABASE_IDS });
  const hasPostgres = databases
    .eachSupportedId()
    .some(([id]) => engineOfTestDatabase(id) === 'POSTGRESQL');
  if (process.env.STYRMIN_REQUIRE_POSTGRES === '1' && !hasPostgres) {
    throw new Error(
      'STYRMIN_REQUIRE_POSTGRES=1, but no PostgreSQL test database is configured: set ' +
        'BACKSTAGE_TEST_DATABASE_POSTGRES<version>_CONNECTION_STRING (source ' +
        'scripts/postgres.sh && styrmin_pg_start does)',
    );
  }
  return databases;
}

/** The engine that a test database id stands for. */
export function engineOfTestDatabase(
  id: TestDatabaseId,
): ServerInfoStoreDatabaseEngine {
  return id.startsWith('POSTGRES_') ? 'POSTGRESQL' : 'SQLITE';
}

/**
 * What the server version of a test database looks like: `15.14 (Debian ...)` for
 * POSTGRES_15, `3.50.4` for SQLite.
 */
export function versionPatternOfTestDatabase(id: TestDatabaseId): RegExp {
  return engineOfTestDatabase(id) === 'POSTGRESQL'
    ? new RegExp(`^${id.replace('POSTGRES_', '')}\\.\\d+`)
    : /^3\.\d+\.\d+$/;
}
