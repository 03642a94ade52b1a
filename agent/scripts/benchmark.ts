/*
 * Prints what one agent costs (a script that measures and prints, never a test): for 1, 100
 * and 1,000 deployments, the time from their creation to all RUNNING, the Kubernetes API
 * requests the agent sends (per deployment while they converge, and per reconcile of a
 * deployment that changed nothing), the agent's peak memory and its CPU while idle.
 *
 *   yarn workspace @styrmin/agent benchmark            # 1, 100 and 1000
 *   yarn workspace @styrmin/agent benchmark 1 100      # some sizes only
 *   STYRMIN_BENCH_AGENT_NODE_OPTIONS=--max-old-space-size=256 yarn workspace ... benchmark
 *
 * Each size gets a fresh backend (the styrmin plugin on SQLite), a fresh kube-sandbox with
 * Flux, and the agent as a process of its own (agent/bin/styrmin-agent), so that its memory
 * and CPU are its own. One deployment of the infrahub 1.0.0 driver per environment (the
 * deployments of one environment would redeploy each other), created through the API; the
 * setup post-hook's action runs for each. The requests are the sandbox's record of the
 * agent's HTTP requests (nothing else calls it over HTTP here).
 */
import {
  ensureTools,
  RequestRecord,
  startSandbox,
} from '@styrmin/kube-sandbox';
import {
  packDriverBundle,
  readDriverDirectory,
} from '@styrmin/plugin-styrmin-node';
import { StyrminClient } from '@styrmin/sdk';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { parse as parseYaml } from 'yaml';
import { startE2eBackend } from '../src/__testUtils__/e2e';
import { EXAMPLE_DRIVERS } from '../src/__testUtils__/exampleBundles';
import { freePort } from '../src/__testUtils__/operatorSandbox';

const SIZES = process.argv.slice(2).map(Number);
const IDLE_SECONDS = 20;
const CLOCK_TICKS = 100; // USER_HZ on Linux

const line = (name: string, value: string) =>
  process.stdout.write(`${name.padEnd(58)} ${value}\n`);

/** Counts the HTTP requests the sandbox records; its record keeps the last 1,000 only. */
function requestCounter(requests: () => readonly RequestRecord[]) {
  let total = 0;
  let last: RequestRecord | undefined;
  const sample = () => {
    const all = requests();
    const seen = last ? all.lastIndexOf(last) : -1;
    total += all.length - (seen + 1);
    last = all[all.length - 1] ?? last;
  };
  const timer = setInterval(sample, 2);
  return {
    read: () => {
      sample();
      return total;
    },
    stop: () => clearInterval(timer),
  };
}

/** The agent process's CPU time in seconds and its peak resident memory in MiB. */
function processFigures(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  const hwm = /VmHWM:\s+(\d+) kB/.exec(
    readFileSync(`/proc/${pid}/status`, 'utf8'),
  )?.[1];
  return { cpuSeconds, peakMiB: Number(hwm) / 1024 };
}

/** Until `count` stays the same for two seconds: the agent has nothing left to do. */
async function quiet(count: () => number) {
  for (let last = -1; ; ) {
    const now = count();
    if (now === last) {
      return;
    }
    last = now;
    await new Promise(resolve => setTimeout(resolve, 2_000));
  }
}

async function until(check: () => Promise<boolean>, intervalMs = 500) {
  while (!(await check())) {
    await new Promise(resolve => setTimeout(resolve, intervalMs));
  }
}

async function countRunning(client: StyrminClient): Promise<number> {
  let count = 0;
  for (let after: string | undefined; ; ) {
    const page = await client.deployments({
      first: 100,
      after,
      filter: { states: ['RUNNING'] },
    });
    count += page.nodes.length;
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) {
      return count;
    }
    after = page.pageInfo.endCursor;
  }
}

async function measure(size: number) {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'agent-bench-'));
  const knex = knexFactory({
    client: 'better-sqlite3',
    connection: { filename: path.join(work, 'styrmin.sqlite') },
    useNullAsDefault: true,
  });
  const backend = await startE2eBackend({ knex });
  const sandbox = await startSandbox({
    velero: false,
    historySize: 200_000,
    workloads: { startDelayMs: 5, readyDelayMs: 5 },
  });
  const { client } = backend;
  const { helm } = await ensureTools();
  let agent: ReturnType<typeof spawn> | undefined;
  try {
    const { api } = sandbox;
    const crd = parseYaml(
      readFileSync(
        path.resolve(__dirname, '../crds/styrmindeployment.yaml'),
        'utf8',
      ),
    );
    api.create(api.scope(crd.apiVersion, crd.kind), crd);
    api.create(api.scope('v1', 'Namespace'), {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'styrmin-system' },
    });
    const directory = path.join(EXAMPLE_DRIVERS, 'infrahub', '1.0.0');
    const read = await readDriverDirectory(directory);
    if (!read.success) {
      throw new Error(`${directory} does not read`);
    }
    await client.loadDriver({
      source: 'UPLOAD',
      archive: packDriverBundle(read.bundle.files).toString('base64'),
      path: directory,
    });
    // Flux fetches the chart from the agent's chart server, at a port known beforehand.
    const chartPort = await freePort();
    const { cluster, agentToken } = await client.registerCluster({
      name: 'bench',
      settings: {},
    });

    agent = spawn(
      process.execPath,
      [path.resolve(__dirname, '../bin/styrmin-agent')],
      {
        env: {
          PATH: process.env.PATH,
          STYRMIN_URL: backend.url,
          STYRMIN_AGENT_TOKEN: agentToken,
          KUBECONFIG: sandbox.kubeconfigPath,
          STYRMIN_AGENT_CHARTS_URL: `http://127.0.0.1:${chartPort}/charts`,
          STYRMIN_AGENT_CHART_PORT: String(chartPort),
          STYRMIN_AGENT_CACHE_DIR: path.join(work, 'cache'),
          HELM_BINARY: helm,
          // E.g. --max-old-space-size=256, to see what the agent needs rather than takes.
          NODE_OPTIONS: process.env.STYRMIN_BENCH_AGENT_NODE_OPTIONS ?? '',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    await until(async () => sandbox.openWatches > 0, 100);
    const requests = requestCounter(() => sandbox.requests);

    const started = Date.now();
    for (let i = 0; i < size; i++) {
      const environment = await client.createEnvironment({
        name: `env-${i}`,
        cluster: cluster.id,
      });
      await client.createDeployment({
        environment: environment.id,
        name: 'infrahub',
        driver: 'infrahub',
        driverVersion: '1.0.0',
        configuration: {
          app_version: '1.5.2',
          parameters: { admin_password: 'correct horse battery staple' },
        },
      });
    }
    await until(async () => (await countRunning(client)) === size, 1_000);
    const convergeMs = Date.now() - started;
    const convergeRequests = requests.read();

    // A reconcile that changes nothing: each StyrminDeployment annotated once, once the
    // agent is done with the convergence (its last status reports).
    await quiet(requests.read);
    const before = requests.read();
    const scope = api.scope(
      'styrmin.io/v1alpha1',
      'StyrminDeployment',
      'styrmin-system',
    );
    for (const resource of api.list(scope).items) {
      api.patch(scope, resource.metadata!.name!, 'merge', {
        metadata: { annotations: { 'bench.styrmin.io/touched': 'yes' } },
      });
    }
    await quiet(requests.read);
    const reconcileRequests = requests.read() - before;

    const busy = processFigures(agent.pid!);
    await new Promise(resolve => setTimeout(resolve, IDLE_SECONDS * 1000));
    const idle = processFigures(agent.pid!);
    requests.stop();

    line(
      `${size} deployments: time to converge (all RUNNING)`,
      `${(convergeMs / 1000).toFixed(1)} s`,
    );
    line(
      `${size} deployments: API requests per deployment, converging`,
      (convergeRequests / size).toFixed(1),
    );
    line(
      `${size} deployments: API requests per reconcile, nothing changed`,
      (reconcileRequests / size).toFixed(1),
    );
    line(
      `${size} deployments: agent peak memory (VmHWM)`,
      `${idle.peakMiB.toFixed(0)} MiB`,
    );
    line(
      `${size} deployments: agent CPU while idle (${IDLE_SECONDS} s)`,
      `${(((idle.cpuSeconds - busy.cpuSeconds) / IDLE_SECONDS) * 100).toFixed(
        1,
      )} % of a core`,
    );
  } finally {
    agent?.kill('SIGTERM');
    await new Promise(
      resolve => agent?.once('exit', resolve) ?? resolve(undefined),
    );
    await sandbox.stop();
    await backend.stop();
    await knex.destroy();
    await fs.rm(work, { recursive: true, force: true });
  }
}

async function main() {
  for (const size of SIZES.length > 0 ? SIZES : [1, 100, 1_000]) {
    await measure(size);
  }
}

main().catch(error => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
