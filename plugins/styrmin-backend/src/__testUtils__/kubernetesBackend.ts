import { Sandbox } from '@styrmin/kube-sandbox';
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from './waitFor';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise(resolve => server.close(resolve));
  return port;
}

/** A running Kubernetes backend: its base URL and a service token it accepts. */
export interface KubernetesBackend {
  /** `http://127.0.0.1:<port>/api/kubernetes` */
  baseUrl: string;
  token: string;
  stop(): Promise<void>;
}

/**
 * Starts Backstage's Kubernetes backend in a process of its own, configured for a
 * kube-sandbox as scripts/sandbox-access.sh configures it for the embedded cluster
 * (cluster `sandbox`, multiTenant, a service-account token, the sandbox's CA), accepting a
 * static external-access token; resolves once it lists its clusters.
 */
export async function startKubernetesBackend(
  sandbox: Sandbox,
): Promise<KubernetesBackend> {
  const directory = await mkdtemp(join(tmpdir(), 'styrmin-kubernetes-'));
  const port = await freePort();
  const token = randomBytes(24).toString('base64url');
  const caFile = join(directory, 'ca.crt');
  await writeFile(caFile, sandbox.caCertificate);
  // JSON, which is YAML too.
  const configFile = join(directory, 'app-config.yaml');
  await writeFile(
    configFile,
    JSON.stringify({
      backend: {
        baseUrl: `http://127.0.0.1:${port}`,
        listen: { host: '127.0.0.1', port },
        database: { client: 'better-sqlite3', connection: ':memory:' },
        auth: {
          externalAccess: [
            { type: 'static', options: { token, subject: 'styrmin-test' } },
          ],
        },
      },
      kubernetes: {
        serviceLocatorMethod: { type: 'multiTenant' },
        clusterLocatorMethods: [
          {
            type: 'config',
            clusters: [
              {
                name: 'sandbox',
                url: sandbox.url,
                authProvider: 'serviceAccount',
                serviceAccountToken: sandbox.token,
                caFile,
                skipMetricsLookup: true,
              },
            ],
          },
        ],
      },
    }),
  );
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '-r',
      require.resolve('@backstage/cli/config/nodeTransform.cjs'),
      join(__dirname, 'kubernetesBackendMain.ts'),
      '--config',
      configFile,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', chunk => {
    stderr += chunk;
  });
  const exited = new Promise(resolve => child.once('exit', resolve));
  const baseUrl = `http://127.0.0.1:${port}/api/kubernetes`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(directory, { recursive: true, force: true });
  };
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) {
          throw new Error(`The Kubernetes backend exited: ${stderr}`);
        }
        const response = await fetch(`${baseUrl}/clusters`, {
          headers: { authorization: `Bearer ${token}` },
        }).catch(() => undefined);
        return response?.ok;
      },
      { timeoutMs: 60_000, description: 'the Kubernetes backend to start' },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, token, stop };
}
