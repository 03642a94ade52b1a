import {
  mockCredentials,
  mockServices,
  startTestBackend,
  TestDatabaseId,
  TestDatabases,
} from '@backstage/backend-test-utils';
import {
  AuthorizeResult,
  DefinitivePolicyDecision,
} from '@backstage/plugin-permission-common';
import styrminPlugin from '@styrmin/plugin-styrmin-backend';
import { decideForRole, StyrminRole } from '@styrmin/plugin-styrmin-common';
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
 * What a test backend's permission policy answers: always the same, or what Styrmin's role
 * policy decides for the role a function names at each decision.
 */
export type TestPermissions =
  | AuthorizeResult.ALLOW
  | AuthorizeResult.DENY
  | (() => StyrminRole);

/**
 * Starts a real backend with the styrmin plugin on a test database and returns its URL,
 * and the database, for tests to check what was stored that no answer shows (secrets).
 * As in production, a request without a token is not taken for a user's.
 */
export async function startStyrminBackend(options: {
  databases: TestDatabases;
  databaseId: TestDatabaseId;
  config?: JsonObject;
  /**
   * What the permission policy answers: always the same, or as Styrmin's role policy
   * decides for the role a function names at each decision (every caller holds it; a test
   * may change it between commands). Backstage's default policy when absent.
   */
  permissions?: TestPermissions;
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
      ...permissionFactories(permissions),
    ],
  });
  const { port } = backend.server.address() as AddressInfo;
  return { url: `http://localhost:${port}`, knex };
}

/** The permissions service that `startStyrminBackend`'s `permissions` names, if any. */
function permissionFactories(permissions: TestPermissions | undefined) {
  if (typeof permissions === 'function') {
    return [rolePolicy(permissions)];
  }
  return permissions
    ? [mockServices.permissions.factory({ result: permissions })]
    : [];
}

/** A permissions service that decides each request by the role `role()` names now. */
function rolePolicy(role: () => StyrminRole) {
  const decide = (
    requests: { permission: Parameters<typeof decideForRole>[1] }[],
  ): DefinitivePolicyDecision[] =>
    requests.map(({ permission }) => ({
      result: decideForRole(role(), permission),
    }));
  return mockServices.permissions.mock({
    authorize: async requests => decide(requests),
    authorizeConditional: async requests => decide(requests),
  }).factory;
}
