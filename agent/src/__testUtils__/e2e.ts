import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
// eslint-disable-next-line @backstage/no-mixed-plugin-imports -- the real server, for the end-to-end tests
import styrminPlugin from '@styrmin/plugin-styrmin-backend';
import { StyrminClient, styrminPluginUrl } from '@styrmin/sdk';
import { spawn } from 'node:child_process';
import { Knex } from 'knex';
import { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A real backend with the styrmin plugin on SQLite, whose permission policy allows every
 * user everything: the server the agent and styrminctl talk to.
 */
export async function startE2eBackend(options: {
  /** The database: `TestDatabases.init('SQLITE_3')` in tests. */
  knex: Knex;
}): Promise<{
  url: string;
  /** A user token the mocked auth service accepts, for styrminctl and the SDK. */
  token: string;
  client: StyrminClient;
  stop(): Promise<void>;
}> {
  const backend = await startTestBackend({
    features: [
      styrminPlugin,
      mockServices.database.factory({ knex: options.knex }),
      mockServices.httpAuth.factory({
        defaultCredentials: mockCredentials.none(),
      }),
      mockServices.permissions.factory({ result: AuthorizeResult.ALLOW }),
    ],
  });
  const { port } = backend.server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  const token = mockCredentials.user.token();
  return {
    url,
    token,
    client: StyrminClient.create({ baseUrl: styrminPluginUrl(url), token }),
    stop: () => backend.stop(),
  };
}

const STYRMINCTL = path.join(
  path.dirname(require.resolve('@styrmin/styrminctl/package.json')),
  'bin',
  'styrminctl',
);

/** What a styrminctl command printed and how it ended. */
export interface CommandResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * styrminctl as an admin runs it: the real command in a process of its own, against the
 * backend, with what stdin holds and secrets from the environment.
 */
export function styrminctlAgainst(server: { url: string; token: string }) {
  return (
    args: string[],
    options: { stdin?: string; env?: Record<string, string> } = {},
  ): Promise<CommandResult> =>
    new Promise((resolve, reject) => {
      const child = spawn(
        process.execPath,
        // The connection first: after a `--`, every argument is the job's command.
        [STYRMINCTL, '--url', server.url, '--token', server.token, ...args],
        {
          env: { PATH: process.env.PATH, HOME: '/nonexistent', ...options.env },
          stdio: ['pipe', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', chunk => (stdout += chunk));
      child.stderr.on('data', chunk => (stderr += chunk));
      child.on('error', reject);
      child.on('close', code =>
        resolve({ exitCode: code ?? 1, stdout, stderr }),
      );
      child.stdin.end(options.stdin ?? '');
    });
}
