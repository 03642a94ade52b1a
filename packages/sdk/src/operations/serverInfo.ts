import { StyrminOperation } from './StyrminOperation';

/**
 * The database engines a Styrmin server runs on.
 *
 * @public
 */
export type DatabaseEngine = 'SQLITE' | 'POSTGRESQL';

/**
 * The Styrmin server that answers: the `server` field of the GraphQL API.
 *
 * @public
 */
export interface ServerInfo {
  /** The version of the Styrmin backend plugin package. */
  version: string;
  /** Identifies the installation: generated once, when the first migration ran. */
  installationId: string;
  /** When the installation was created (ISO 8601). */
  installedAt: string;
  /** The database that stores Styrmin's records, as it reports itself. */
  database: {
    engine: DatabaseEngine;
    /** The engine's own version string. */
    version: string;
    /** The newest migration applied to the Styrmin tables. */
    schemaVersion: string;
  };
}

/** Reads the `server` field: what `StyrminClient.serverInfo()` returns. */
export const serverInfoOperation: StyrminOperation<
  { server: ServerInfo },
  ServerInfo
> = {
  operationName: 'ServerInfo',
  document: /* GraphQL */ `
    query ServerInfo {
      server {
        version
        installationId
        installedAt
        database {
          engine
          version
          schemaVersion
        }
      }
    }
  `,
  result: data => data.server,
};
