import {
  DatabaseEngine as GeneratedDatabaseEngine,
  ServerInfoQuery,
} from './generated/operationTypes';
import { StyrminOperation } from './StyrminOperation';

/**
 * The database engines a Styrmin server runs on.
 *
 * @public
 */
export type DatabaseEngine = GeneratedDatabaseEngine;

/**
 * The Styrmin server that answers: the `server` field of the GraphQL API. `version` is
 * the version of the Styrmin backend plugin package; `installationId` identifies the
 * installation (generated once, when the first migration ran) and `installedAt` says when
 * it was created (ISO 8601). `database` is the database that stores Styrmin's records, as
 * it reports itself: its engine, the engine's own version string, and `schemaVersion`, the
 * newest migration applied to the Styrmin tables.
 *
 * @public
 */
export type ServerInfo = ServerInfoQuery['server'];

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
