import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { mockApis, MockFetchApi } from '@backstage/test-utils';
import { ServerInfo, StyrminApiError } from '@styrmin/sdk';
import { StyrminClient } from './StyrminClient';

interface RecordedRequest {
  method?: string;
  url?: string;
  headers: IncomingMessage['headers'];
  body: any;
}

const serverInfo: ServerInfo = {
  version: '0.1.0',
  installationId: '5f0c6f5e-2d7a-4b8e-9a51-3c1d2e4f6a7b',
  installedAt: '2025-03-01T12:30:00.000Z',
  database: {
    engine: 'SQLITE',
    version: '3.49.1',
    schemaVersion: '20250301000000_init.js',
  },
};

describe('StyrminClient', () => {
  let server: Server;
  let requests: RecordedRequest[];
  let answer: { status: number; body: unknown };
  let client: StyrminClient;

  beforeAll(async () => {
    // A real server rather than a fetch mock, so the request is checked as it goes out.
    server = createServer(async (req, res) => {
      let body = '';
      for await (const chunk of req) {
        body += chunk;
      }
      requests.push({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: JSON.parse(body),
      });
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await new Promise(resolve => server.close(resolve));
  });

  beforeEach(() => {
    requests = [];
    const { port } = server.address() as AddressInfo;
    client = new StyrminClient({
      discoveryApi: mockApis.discovery({ baseUrl: `http://127.0.0.1:${port}` }),
      // Backstage's fetch, which signs the request as the user.
      fetchApi: new MockFetchApi({
        injectIdentityAuth: { token: 'user-token' },
      }),
    });
  });

  it('reads the server with one GraphQL request to the plugin, as the user', async () => {
    answer = { status: 200, body: { data: { server: serverInfo } } };

    await expect(client.getServerInfo()).resolves.toEqual(serverInfo);

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/styrmin/graphql');
    expect(request.headers.authorization).toBe('Bearer user-token');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({
      operationName: 'ServerInfo',
      query: expect.any(String),
      variables: {},
    });
    expect(request.body.query.replace(/\s+/g, ' ').trim()).toBe(
      'query ServerInfo { server { version installationId installedAt database { engine version schemaVersion } } }',
    );
  });

  it('rejects with the error code the server sets', async () => {
    answer = {
      status: 200,
      body: {
        data: null,
        errors: [
          {
            message: 'Reading the server needs styrmin.server.read',
            extensions: { code: 'FORBIDDEN' },
          },
        ],
      },
    };

    const error = await client.getServerInfo().catch(e => e);

    expect(error).toBeInstanceOf(StyrminApiError);
    expect(error).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Reading the server needs styrmin.server.read',
    });
  });
});
