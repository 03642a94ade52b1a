import { once } from 'node:events';
import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { StyrminApiError } from '../StyrminApiError';
import { AgentProtocolClient } from './AgentProtocolClient';

const token = 'styrmin-agent.0b8c4c6f-5c0e-4f7e-9a43-7d1f1f9e0b1a.secret-4f1c9';

type Answer = { status: number; body?: string };

/** Answers every request with `answer`, and records what it got. */
function startFakeServer() {
  const requests: Array<{
    method?: string;
    url?: string;
    headers: IncomingHttpHeaders;
    body: string;
  }> = [];
  let answer: Answer = { status: 204 };
  const server: Server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) {
      body += chunk;
    }
    requests.push({
      method: req.method,
      url: req.url,
      headers: req.headers,
      body,
    });
    res
      .writeHead(answer.status, { 'Content-Type': 'application/json' })
      .end(answer.body);
  });
  return {
    requests,
    answer(next: Answer) {
      answer = next;
    },
    async listen(): Promise<string> {
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

const json = (status: number, body: unknown): Answer => ({
  status,
  body: JSON.stringify(body),
});

describe('AgentProtocolClient', () => {
  const fake = startFakeServer();
  let client: AgentProtocolClient;
  const lease = { runId: 'run-1', owner: 'agent-a', attempt: 2 };

  beforeAll(async () => {
    client = AgentProtocolClient.create({
      serverUrl: await fake.listen(),
      token,
    });
  });

  afterAll(() => fake.close());

  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('sends each call to its path under /api/styrmin/agent/v1 with the token', async () => {
    fake.answer(json(200, { step: { id: 's1', status: 'FAILED' } }));

    await client.endStep({
      ...lease,
      stepId: 's1',
      stepAttempt: 1,
      status: 'FAILED',
      error: 'boom',
      outputTail: 'last line\n',
      lines: ['Deleted Job infrahub-job'],
    });

    expect(fake.requests).toEqual([
      {
        method: 'POST',
        url: '/api/styrmin/agent/v1/runs/run-1/steps/s1/end',
        headers: expect.objectContaining({
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        }),
        body: JSON.stringify({
          owner: 'agent-a',
          attempt: 2,
          stepAttempt: 1,
          status: 'FAILED',
          error: 'boom',
          outputTail: 'last line\n',
          lines: ['Deleted Job infrahub-job'],
        }),
      },
    ]);
  });

  it('answers a claim that found nothing (204) with undefined', async () => {
    fake.answer({ status: 204 });

    await expect(
      client.claim({ owner: 'agent-a', waitSeconds: 5 }),
    ).resolves.toBeUndefined();
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/styrmin/agent/v1/claim',
      body: JSON.stringify({ owner: 'agent-a', waitSeconds: 5 }),
    });
  });

  it('decodes a bundle', async () => {
    fake.answer(
      json(200, {
        digest: 'sha256:abc',
        files: [
          { path: 'a.txt', content: Buffer.from('héllo').toString('base64') },
        ],
      }),
    );

    const bundle = await client.bundle('sha256:abc');

    expect(fake.requests[0]).toMatchObject({
      method: 'GET',
      url: '/api/styrmin/agent/v1/bundles/sha256%3Aabc',
      body: '',
    });
    expect(bundle.digest).toBe('sha256:abc');
    expect(Buffer.from(bundle.files[0].content).toString('utf8')).toBe('héllo');
  });

  it.each([
    [
      json(409, { error: { code: 'CONFLICT', message: 'lease lost' } }),
      'CONFLICT',
      'lease lost',
    ],
    [
      json(413, { error: { code: 'VALIDATION_FAILED', message: 'too long' } }),
      'VALIDATION_FAILED',
      'too long',
    ],
    [
      json(401, { error: { name: 'AuthenticationError', message: 'no' } }),
      'UNAUTHENTICATED',
      'no',
    ],
    [json(404, {}), 'NOT_FOUND', expect.stringContaining('HTTP 404')],
    [
      { status: 502, body: 'Bad gateway' },
      'UNAVAILABLE',
      expect.stringContaining('HTTP 502'),
    ],
    [
      { status: 200, body: 'not json' },
      'UNAVAILABLE',
      expect.stringContaining('HTTP 200'),
    ],
    [
      json(500, { error: { code: 'SOMETHING', message: 'x' } }),
      'INTERNAL',
      'x',
    ],
  ])('turns %j into %s', async (answer, code, message) => {
    fake.answer(answer);

    const error = await client.heartbeat(lease).catch(e => e);

    expect(error).toBeInstanceOf(StyrminApiError);
    expect(error).toMatchObject({ code, message, status: answer.status });
    expect(inspect(error, { depth: Infinity })).not.toContain(token);
  });

  it('fails with UNAVAILABLE when no server answers, without the token', async () => {
    const nowhere = AgentProtocolClient.create({
      serverUrl: 'http://127.0.0.1:1',
      token: async () => token,
    });

    const error = await nowhere.info().catch(e => e);

    expect(error).toMatchObject({ code: 'UNAVAILABLE', status: undefined });
    expect(inspect(error, { depth: Infinity, showHidden: true })).not.toContain(
      token,
    );
  });

  it('gives up a call when its signal aborts', async () => {
    const controller = new AbortController();
    controller.abort();

    await expect(
      client.claim({ owner: 'a', waitSeconds: 30, signal: controller.signal }),
    ).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: expect.stringContaining('aborted'),
    });
  });
});
