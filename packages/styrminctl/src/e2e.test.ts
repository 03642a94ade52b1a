import {
  createMockDirectory,
  mockCredentials,
} from '@backstage/backend-test-utils';
import { parse } from 'yaml';
import { createTestIo } from './__testUtils__/createTestIo';
import {
  startStyrminBackend,
  testDatabases,
} from './__testUtils__/startStyrminBackend';
import { main } from './main';

jest.setTimeout(60_000);

/** Written independently of the SDK, so that both sides of the comparison are not one code. */
const SERVER_QUERY = /* GraphQL */ `
  query {
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

const databases = testDatabases();

describe.each(databases.eachSupportedId())(
  'styrminctl against a backend with the styrmin plugin on %s',
  databaseId => {
    const token = mockCredentials.user.token();
    const mockDir = createMockDirectory();
    let url: string;
    let expected: Record<string, any>;

    beforeAll(async () => {
      ({ url } = await startStyrminBackend({ databases, databaseId }));

      const response = await fetch(`${url}/api/styrmin/graphql`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({ query: SERVER_QUERY }),
      });
      const body = await response.json();
      if (!response.ok || body.errors) {
        throw new Error(`The direct query failed: ${JSON.stringify(body)}`);
      }
      expected = body.data.server;
    });

    async function run(argv: string[], options: { isTTY?: boolean } = {}) {
      const { io, stdout, stderr } = createTestIo(options);
      const exitCode = await main(argv, io);
      return { exitCode, stdout: stdout(), stderr: stderr() };
    }

    it('prints the server info as JSON, as the API answers it', async () => {
      const result = await run([
        'server',
        'info',
        '-o',
        'json',
        '--url',
        url,
        '--token',
        token,
      ]);

      expect(result).toEqual({
        exitCode: 0,
        stdout: `${JSON.stringify(expected, null, 2)}\n`,
        stderr: '',
      });
      expect(expected.database.engine).toBe(
        databaseId === 'SQLITE_3' ? 'SQLITE' : 'POSTGRESQL',
      );
    });

    it('prints the same values as YAML', async () => {
      const result = await run([
        'server',
        'info',
        '-o',
        'yaml',
        '--url',
        url,
        '--token',
        token,
      ]);

      expect(result.exitCode).toBe(0);
      expect(parse(result.stdout)).toEqual(expected);
    });

    it('prints the same values as a table, without colours off a terminal', async () => {
      const result = await run([
        'server',
        'info',
        '--url',
        url,
        '--token',
        token,
      ]);

      expect(result.exitCode).toBe(0);
      const { database, ...server } = expected;
      const rows = [
        ...Object.entries(server),
        ...Object.entries(database).map(([key, value]) => [
          `database.${key}`,
          value,
        ]),
      ];
      const lines = result.stdout.trimEnd().split('\n');
      const cells = lines.map(line => /^(\S+) {2,}(.*)$/.exec(line)?.slice(1));
      expect(cells).toEqual(rows.map(([key, value]) => [key, String(value)]));
      // Aligned: every value starts in the same column.
      const valueColumns = lines.map(
        (line, i) => line.length - String(rows[i][1]).length,
      );
      expect(new Set(valueColumns).size).toBe(1);
      expect(result.stdout).not.toContain('\u001b[');

      const onTerminal = await run(
        ['server', 'info', '--url', url, '--token', token],
        {
          isTTY: true,
        },
      );
      expect(onTerminal.stdout).toContain('\u001b[1mversion');
    });

    it('reads the URL and the token from a config file', async () => {
      mockDir.setContent({ 'config.yaml': `url: ${url}\ntoken: ${token}\n` });

      const result = await run([
        'server',
        'info',
        '-o',
        'json',
        '--config',
        mockDir.resolve('config.yaml'),
      ]);

      expect(result.exitCode).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual(expected);
    });

    it.each([
      ['without a token', []],
      [
        'with an invalid token',
        ['--token', mockCredentials.user.invalidToken()],
      ],
    ])('exits 1 with UNAUTHENTICATED %s', async (_, tokenArgs) => {
      const result = await run(['server', 'info', '--url', url, ...tokenArgs]);

      expect(result.exitCode).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^Error \[UNAUTHENTICATED\]: .+\n$/);
      for (const arg of tokenArgs) {
        expect(result.stderr).not.toContain(arg);
      }
    });
  },
);
