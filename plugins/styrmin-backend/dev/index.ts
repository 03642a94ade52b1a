/*
 * The Styrmin plugin alone in a backend, for working on it: `yarn start` in this package.
 *
 * The database is real SQLite, in memory: every start is a fresh installation, and nothing
 * touches the portal's files under .data/. Auth is mocked, so a request without a token acts
 * as a mock user and `Authorization: Bearer mock-none-token` gets 401:
 *
 *   curl http://localhost:7007/api/styrmin/graphql -H 'Content-Type: application/json' \
 *     -d '{"query": "{ server { version installationId installedAt database { engine version schemaVersion } } }"}'
 */
import { createBackend } from '@backstage/backend-defaults';
import { mockServices } from '@backstage/backend-test-utils';
import knexFactory from 'knex';

const backend = createBackend();

backend.add(mockServices.auth.factory());
backend.add(mockServices.httpAuth.factory());
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
