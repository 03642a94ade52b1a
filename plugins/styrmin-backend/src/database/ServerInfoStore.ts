/**
 * The database engines Styrmin runs on.
 *
 * @internal
 */
export type ServerInfoStoreDatabaseEngine = 'SQLITE' | 'POSTGRESQL';

/**
 * The installation: what identifies this Styrmin server across restarts and replicas.
 *
 * @internal
 */
export type ServerInfoStoreInstallation = {
  /** A UUID, generated once. */
  id: string;
  /** When the installation was first recorded. */
  createdAt: Date;
};

/**
 * The database that stores Styrmin's records, as the database itself reports it.
 *
 * @internal
 */
export type ServerInfoStoreDatabase = {
  engine: ServerInfoStoreDatabaseEngine;
  /** The engine's own version string, for example `3.50.4` or `15.14 (Debian ...)`. */
  version: string;
  /** The newest applied migration, without its `.js` extension. */
  schemaVersion: string;
};

/**
 * Facts about the Styrmin server that live in its database.
 *
 * @internal
 */
export interface ServerInfoStore {
  /**
   * Returns the installation, recording it first if this is the first call on this
   * database. Every caller, on every replica, gets the same installation.
   */
  getInstallation(): Promise<ServerInfoStoreInstallation>;

  /** Reads the engine, its version and the schema version from the database. */
  getDatabase(): Promise<ServerInfoStoreDatabase>;
}
