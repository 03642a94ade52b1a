import {
  mockCredentials,
  mockServices,
  startTestBackend,
  TestDatabaseId,
  TestDatabases,
} from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import styrminPlugin from '@styrmin/plugin-styrmin-backend';
import { JsonObject } from '@backstage/types';
import { AddressInfo } from 'node:net';

/**
 * Every database Styrmin supports; PostgreSQL runs when the environment names a server
 * (`source scripts/postgres.sh && styrmin_pg_start`).
 */
export const testDatabases = (): TestDatabases =>
  TestDatabases.create({
    ids: [
      'POSTGRES_18',
      'POSTGRES_17',
      'POSTGRES_16',
      'POSTGRES_15',
      'POSTGRES_14',
      'POSTGRES_13',
      'SQLITE_3',
    ],
  });

/**
 * Starts a real backend with the styrmin plugin on a test database and returns its URL,
 * and the database, for tests to check what was stored that no answer shows (secrets).
 * As in production, a request without a token is not taken for a user's.
 */
export async function startStyrminBackend(options: {
  databases: TestDatabases;
  databaseId: TestDatabaseId;
  config?: JsonObject;
  /** What the permission policy answers; Backstage's default policy when absent. */
  permissions?: AuthorizeResult.ALLOW | AuthorizeResult.DENY;
}): Promise<{
  url: string;
  knex: Awaited<ReturnType<TestDatabases['init']>>;
}> {
  const { databases, databaseId, config, permissions } = options;
  const knex = await databases.init(databaseId);
  const backend = await startTestBackend({
    // Imported statically: jest runs this package's dynamic import() natively, which
    // needs --experimental-vm-modules.
    features: [
      styrminPlugin,
      mockServices.database.factory({ knex }),
      mockServices.httpAuth.factory({
        defaultCredentials: mockCredentials.none(),
      }),
      ...(config ? [mockServices.rootConfig.factory({ data: config })] : []),
      ...(permissions
        ? [mockServices.permissions.factory({ result: permissions })]
        : []),
    ],
  });
  const { port } = backend.server.address() as AddressInfo;
  return { url: `http://localhost:${port}`, knex };
}
