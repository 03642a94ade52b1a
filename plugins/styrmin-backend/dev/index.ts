/*
 * The Styrmin plugin alone in a backend, for working on it: `yarn start` in this package.
 *
 * The database is real SQLite, in memory: every start is a fresh installation, and nothing
 * touches the portal's files under .data/. Auth is mocked, so a request without a token acts
 * as a mock user and `Authorization: Bearer mock-none-token` gets 401; every permission is
 * granted. The repository's app-config.yaml applies, so loadDriver may read the example
 * drivers (styrmin.drivers.allowedDirectories, relative to this package):
 *
 *   curl http://localhost:7007/api/styrmin/graphql -H 'Content-Type: application/json' \
 *     -d '{"query": "{ server { version installationId installedAt database { engine version schemaVersion } } }"}'
 *   curl http://localhost:7007/api/styrmin/graphql -H 'Content-Type: application/json' \
 *     -d '{"query": "mutation { loadDriver(input: {source: DIRECTORY, path: \"../../drivers/infrahub/1.0.0\"}) { created driverVersion { digest } } }"}'
 */
import { createBackend } from '@backstage/backend-defaults';
import { mockServices } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import knexFactory from 'knex';
import { randomBytes } from 'node:crypto';

// The database lives as long as the process, and so may the key that seals its secrets.
process.env.APP_CONFIG_styrmin_secrets_keys ??= JSON.stringify([
  { id: 'dev', secret: randomBytes(32).toString('base64') },
]);

const backend = createBackend();

backend.add(mockServices.auth.factory());
backend.add(mockServices.httpAuth.factory());
// No permission backend runs here to ask.
backend.add(
  mockServices.permissions.factory({ result: AuthorizeResult.ALLOW }),
);
backend.add(
  mockServices.database.factory({
    knex: knexFactory({
      client: 'better-sqlite3',
      connection: ':memory:',
      useNullAsDefault: true,
    }),
  }),
);

backend.add(import('../src'));

backend.start();
