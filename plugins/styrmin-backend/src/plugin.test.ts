import { LoggerService } from '@backstage/backend-plugin-api';
import {
  mockCredentials,
  mockServices,
  ServiceMock,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { Knex } from 'knex';
import request from 'supertest';
import { version } from '../package.json';
import {
  createTestDatabases,
  engineOfTestDatabase,
  versionPatternOfTestDatabase,
} from './__testUtils__/databases';
import { latestSchemaVersion } from './__testUtils__/migrations';
import { styrminPlugin } from './plugin';

const SERVER_QUERY = /* GraphQL */ `
  query Server {
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
`;

jest.setTimeout(60_000);

describe('styrminPlugin', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function startBackend() {
      const knex = await databases.init(databaseId);
      const logger = mockServices.logger.mock();
      const { server } = await startTestBackend({
        features: [
          styrminPlugin,
          mockServices.database.factory({ knex }),
          logger.factory,
        ],
      });
      return { knex, logger, server };
    }

    let knex: Knex;
    let logger: ServiceMock<LoggerService>;
    let server: Awaited<ReturnType<typeof startBackend>>['server'];

    beforeAll(async () => {
      ({ knex, logger, server } = await startBackend());
    });

    function postGraphQL(body: string | object) {
      return request(server).post('/api/styrmin/graphql').send(body);
    }

    it('answers the server query from the package and the database', async () => {
      const first = await postGraphQL({ query: SERVER_QUERY });

      expect(first.status).toBe(200);
      expect(first.body.errors).toBeUndefined();
      const [row] = await knex('styrmin_installation');
      expect(first.body.data).toEqual({
        server: {
          version,
          installationId: row.installation_id,
          installedAt: expect.any(String),
          database: {
            engine: engineOfTestDatabase(databaseId),
            version: expect.stringMatching(
              versionPatternOfTestDatabase(databaseId),
            ),
            schemaVersion: latestSchemaVersion,
          },
        },
      });
      expect(Date.parse(first.body.data.server.installedAt)).not.toBeNaN();

      const second = await postGraphQL({ query: SERVER_QUERY });
      expect(second.body).toEqual(first.body);
    });

    it('takes variables and an operation name', async () => {
      const res = await postGraphQL({
        query: `
          query Engine { server { database { engine } } }
          query Version($skip: Boolean!) { server { version @skip(if: $skip) } }
        `,
        variables: { skip: false },
        operationName: 'Version',
      });

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { server: { version } } });
    });

    it('answers service callers', async () => {
      const res = await postGraphQL({ query: '{ server { version } }' }).set(
        'Authorization',
        mockCredentials.service.header(),
      );

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { server: { version } } });
    });

    it('refuses callers without credentials', async () => {
      const res = await postGraphQL({ query: '{ server { version } }' }).set(
        'Authorization',
        mockCredentials.none.header(),
      );

      expect(res.status).toBe(401);
      expect(res.body.data).toBeUndefined();
    });

    it.each([
      ['a syntax error', '{ server { version ', /^Syntax Error/],
      [
        'an unknown field',
        '{ server { secretKey } }',
        /^Cannot query field "secretKey" on type "Server"/,
      ],
      [
        'a missing variable',
        'query ($skip: Boolean!) { server { version @skip(if: $skip) } }',
        /^Variable "\$skip" of required type "Boolean!" was not provided/,
      ],
    ])('rejects %s as VALIDATION_FAILED', async (_case, query, message) => {
      const res = await postGraphQL({ query });

      expect(res.status).toBe(200);
      expect(res.body.data).toBeUndefined();
      expect(res.body.errors).toEqual([
        expect.objectContaining({
          message: expect.stringMatching(message),
          extensions: { code: 'VALIDATION_FAILED' },
        }),
      ]);
    });

    it.each([
      ['malformed JSON', '{"query": ', 'application/json'],
      ['a body that is not JSON', 'query { server { version } }', 'text/plain'],
      [
        'a JSON array',
        '[{"query": "{ server { version } }"}]',
        'application/json',
      ],
      ['a missing query', '{"variables": {}}', 'application/json'],
      ['a query that is not a string', '{"query": 1}', 'application/json'],
      [
        'variables that are not an object',
        '{"query": "{ server { version } }", "variables": [1]}',
        'application/json',
      ],
      [
        'an operation name that is not a string',
        '{"query": "{ server { version } }", "operationName": 1}',
        'application/json',
      ],
    ])('answers %s with 400', async (_case, body, contentType) => {
      const res = await postGraphQL(body).set('Content-Type', contentType);

      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        errors: [
          {
            message: expect.any(String),
            extensions: { code: 'VALIDATION_FAILED' },
          },
        ],
      });
    });

    it('answers a body over the size limit with 413', async () => {
      const res = await postGraphQL({
        query: `{ server { version } } # ${'x'.repeat(2 * 1024 * 1024)}`,
      });

      expect(res.status).toBe(413);
      expect(res.body.errors[0].extensions).toEqual({
        code: 'VALIDATION_FAILED',
      });
    });

    it('answers a failing resolver with INTERNAL and logs the cause', async () => {
      const broken = await startBackend();
      // The table vanishes under the running plugin, so the store's query fails.
      await broken.knex.schema.dropTable('styrmin_installation');

      const res = await request(broken.server)
        .post('/api/styrmin/graphql')
        .send({ query: '{ server { version installationId } }' });

      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: null,
        errors: [
          {
            message:
              'The Styrmin server failed unexpectedly; the details are in its log',
            locations: [{ line: 1, column: 20 }],
            path: ['server', 'installationId'],
            extensions: { code: 'INTERNAL' },
          },
        ],
      });
      expect(JSON.stringify(res.body)).not.toMatch(/styrmin_installation/);
      expect(broken.logger.error).toHaveBeenCalledWith(
        'Styrmin GraphQL field server.installationId failed',
        expect.any(Error),
      );
      expect(logger.error).not.toHaveBeenCalled();
    });
  });
});
