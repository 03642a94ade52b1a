/**
 * The rows of the server's own tables as the database returns them (snake_case columns,
 * as in the migrations), and the timestamp type every area's rows share. Each area keeps
 * its rows in its own `tables.ts` (`tasks/tables.ts`, `flows/tables.ts`, ...); stores map
 * rows to domain objects.
 */

/** `styrmin_installation`: exactly one row, created on first use. */
export type DbInstallationRow = {
  /** Always 1. A constant primary key is what keeps the table at one row. */
  singleton: number;
  /** Identifies the installation (a UUID), chosen by the replica whose insert won. */
  installation_id: string;
  /**
   * When the row was inserted, by the database's clock. PostgreSQL returns a Date, SQLite
   * the text `YYYY-MM-DD HH:MM:SS` in UTC.
   */
  created_at: string | Date;
};

/** The migrations table that knex maintains; only the column Styrmin reads. */
export type DbMigrationRow = {
  /** The migration's file name, for example `20261130000000_installation.js`. */
  name: string;
};

/**
 * A timestamp that the server wrote from its clock: PostgreSQL returns a Date, SQLite the
 * milliseconds since the epoch that knex bound for the Date.
 */
export type DbTimestamp = Date | number;
