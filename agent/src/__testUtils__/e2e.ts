import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
// eslint-disable-next-line @backstage/no-mixed-plugin-imports -- the real server, for the end-to-end tests
import styrminPlugin from '@styrmin/plugin-styrmin-backend';
import { ensureTools, Sandbox } from '@styrmin/kube-sandbox';
import { StyrminClient, styrminPluginUrl } from '@styrmin/sdk';
import { spawn } from 'node:child_process';
import { Knex } from 'knex';
import { AddressInfo } from 'node:net';
import path from 'node:path';
import { Agent, AgentOptions } from '../Agent';
import { Logger } from '../logging/Logger';
import { agentCredentials } from './agentCredentials';
import { freePort } from './operatorSandbox';

type TestBackendFeature = NonNullable<
  Parameters<typeof startTestBackend>[0]['features']
>[number];

/**
 * A real backend with the styrmin plugin on SQLite, whose permission policy allows every
 * user everything: the server the agent and styrminctl talk to.
 */
export async function startE2eBackend(options: {
  /** The database: `TestDatabases.init('SQLITE_3')` in tests. */
  knex: Knex;
  /**
   * The utilities directory (`styrmin.utilities.directory`): registered clusters get the
   * utilities Styrmin ships. None when absent, so that a suite's cluster holds only its
   * own deployments.
   */
  utilitiesDirectory?: string;
}): Promise<{
  url: string;
  /** A user token the mocked auth service accepts, for styrminctl and the SDK. */
  token: string;
  client: StyrminClient;
  /**
   * Runs one of the server's scheduled tasks now (Backstage's test scheduler runs each once
   * at start, then only when triggered) and waits for it to end.
   */
  triggerTask(id: string): Promise<void>;
  stop(): Promise<void>;
}> {
  // Declared a SchedulerService, this is Backstage's MockSchedulerService, whose factory()
  // installs this very instance: the handle to trigger the plugin's tasks with.
  const scheduler = mockServices.scheduler() as ReturnType<
    typeof mockServices.scheduler
  > & { factory(): TestBackendFeature };
  const backend = await startTestBackend({
    features: [
      styrminPlugin,
      scheduler.factory(),
      mockServices.database.factory({ knex: options.knex }),
      // The key that seals secret values, as a deployment configures one; fixed, so that
      // a backend started again on the same database opens them.
      mockServices.rootConfig.factory({
        data: {
          styrmin: {
            secrets: {
              keys: [
                { id: 'e2e', secret: Buffer.alloc(32, 9).toString('base64') },
              ],
            },
            ...(options.utilitiesDirectory && {
              utilities: { directory: options.utilitiesDirectory },
            }),
          },
        },
      }),
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
    triggerTask: id => scheduler.triggerTask(id),
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

/**
 * The agent in this process, as the end-to-end tests run it: against the backend with the
 * cluster's token, in the sandbox with its chart's ServiceAccount and RBAC (nothing more),
 * its chart server on a free port that
 * Flux's stand-in reaches on loopback, short poll and report intervals. Started.
 */
export async function startE2eAgent(options: {
  serverUrl: string;
  agentToken: string;
  sandbox: Sandbox;
  cacheDirectory: string;
  logger: Logger;
  locationsIntervalMs?: AgentOptions['locationsIntervalMs'];
  /** Runs at once; default 2. */
  concurrency?: number;
}): Promise<Agent> {
  const chartPort = await freePort();
  const agent = Agent.create({
    config: {
      serverUrl: options.serverUrl,
      token: options.agentToken,
      concurrency: options.concurrency ?? 2,
      namespace: 'styrmin-system',
      veleroNamespace: 'velero',
      chartPort,
      chartsUrl: `http://127.0.0.1:${chartPort}/charts`,
      cacheDirectory: options.cacheDirectory,
      helm: (await ensureTools()).helm,
    },
    kubeConfig: (await agentCredentials(options.sandbox)).kubeConfig,
    logger: options.logger,
    pollIntervalMs: 100,
    statusIntervalMs: 100,
    locationsIntervalMs: options.locationsIntervalMs,
  });
  await agent.start();
  return agent;
}
