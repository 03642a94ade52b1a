import { once } from 'node:events';
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';

/** One GraphQL request the stub received. */
export interface StubRequest {
  operationName: string;
  variables: Record<string, unknown>;
}

/**
 * A stand-in for the styrmin backend's GraphQL endpoint, for commands whose server side
 * is not there to run against: it answers each operation with the `data` given for its
 * name (a list is answered one by one, its last item ever after), and records what came.
 * An operation it has no answer for is a GraphQL error, so a test sees what it missed.
 */
export async function startGraphQLStub(
  answers: Record<string, unknown | unknown[]>,
) {
  const requests: StubRequest[] = [];
  const served = new Map<string, number>();
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) {
      body += chunk;
    }
    const { operationName, variables = {} } = JSON.parse(body);
    requests.push({ operationName, variables });
    const answer = answers[operationName];
    const count = served.get(operationName) ?? 0;
    served.set(operationName, count + 1);
    const data = Array.isArray(answer)
      ? answer[Math.min(count, answer.length - 1)]
      : answer;
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify(
        answer === undefined
          ? {
              errors: [
                {
                  message: `The stub has no answer for ${operationName}`,
                  extensions: { code: 'INTERNAL' },
                },
              ],
            }
          : { data },
      ),
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The names of the operations received, in order. */
    operations: () => requests.map(r => r.operationName),
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
