/*
 * Prints what one agent costs (a script that measures and prints, never a test), each
 * figure beside its goal (issue 20): for 1, 100 and 1,000 deployments, the time from their
 * creation to all RUNNING; the Kubernetes API requests the agent sends per deployment while
 * they converge, per reconcile of a deployment that changed nothing, and per deployment per
 * minute at rest, each by verb and resource; the agent-protocol requests at rest; the
 * agent's peak memory and its CPU at rest.
 *
 *   yarn workspace @styrmin/agent benchmark            # 1, 100 and 1000
 *   yarn workspace @styrmin/agent benchmark 1 100      # some sizes only
 *   STYRMIN_BENCH_AGENT_NODE_OPTIONS=--max-old-space-size=256 yarn workspace ... benchmark
 *   STYRMIN_BENCH_AGENT_BIN=<dir>/agent/bin/styrmin-agent   # an agent built before
 *   STYRMIN_AGENT_CONCURRENCY=4 ...                    # the agent's flow runs at once
 *   STYRMIN_BENCH_AT_REST_SECONDS=60 ...               # how long at rest is watched
 *
 * The agent is built first as its image runs it (`buildAgent.ts`: compiled JavaScript in a
 * workspace of its own, in a temporary folder), unless STYRMIN_BENCH_AGENT_BIN names one.
 * Each size gets a fresh backend (the styrmin plugin on SQLite), a fresh kube-sandbox with
 * Flux, and the agent as a process of its own, so that its memory and CPU are its own. One
 * deployment of the infrahub 1.0.0 driver per environment (the deployments of one
 * environment would redeploy each other), created through the API; the setup post-hook's
 * action runs for each. The Kubernetes requests are the sandbox's counts (nothing else
 * calls it over HTTP here); the agent-protocol requests are counted by a proxy between the
 * agent and the backend.
 */
import { ensureTools, Sandbox, startSandbox } from '@styrmin/kube-sandbox';
import {
  packDriverBundle,
  readDriverDirectory,
} from '@styrmin/plugin-styrmin-node';
import { StyrminClient } from '@styrmin/sdk';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { parse as parseYaml } from 'yaml';
import { startE2eBackend } from '../src/__testUtils__/e2e';
import { EXAMPLE_DRIVERS } from '../src/__testUtils__/exampleBundles';
import { freePort } from '../src/__testUtils__/operatorSandbox';
import { buildAgent } from './buildAgent';

const SIZES = process.argv.slice(2).map(Number);
const AT_REST_SECONDS = Number(process.env.STYRMIN_BENCH_AT_REST_SECONDS ?? 60);
const CLOCK_TICKS = 100; // USER_HZ on Linux

const line = (name: string, value: string) =>
  process.stdout.write(`${name.padEnd(58)} ${value}\n`);

/** The Kubernetes API requests the sandbox has served, by `<user> <verb> <resource>`. */
function kubeRequests(sandbox: Sandbox): Map<string, number> {
  return new Map(
    [...sandbox.requestCounts].map(([key, n]) => [
      // One user sends them all here: the kubeconfig's.
      key.slice(key.indexOf(' ') + 1),
      n,
    ]),
  );
}

/**
 * A proxy in front of the backend that counts the agent's requests (the agent protocol and
 * its action processes' calls) by method and path, the ids in a path left out.
 */
async function countingProxy(target: string) {
  const counts = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const key = `${request.method} ${(request.url ?? '/')
      .split('?')[0]
      .replace(/\/[0-9a-f-]{36}|\/sha256:[0-9a-f]+/g, '/:id')}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const forwarded = http.request(
      new URL(request.url ?? '/', target),
      { method: request.method, headers: request.headers },
      answer => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts: () => new Map(counts),
    stop: () =>
      new Promise<void>(resolve => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const total = (counts: Map<string, number>) =>
  [...counts.values()].reduce((sum, n) => sum + n, 0);

/** What `after` counted more than `before`, by key, largest first. */
function difference(after: Map<string, number>, before: Map<string, number>) {
  return [...after]
    .map(([key, n]) => [key, n - (before.get(key) ?? 0)] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
}

/** The agent process's CPU time in seconds and its peak resident memory in MiB. */
function processFigures(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  // Its child processes' (actions, helm) once they ended and were waited for.
  const childrenCpuSeconds =
    (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const hwm = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  const rss = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return {
    cpuSeconds,
    childrenCpuSeconds,
    peakMiB: Number(hwm) / 1024,
    residentMiB: Number(rss) / 1024,
  };
}

/**
 * Watches the agent's child processes (driver actions' processes, helm) every 50 ms: how
 * many ran, how long each lived (from first to last seen) and its peak resident memory.
 */
function childSampler(pid: number) {
  const seen = new Map<
    number,
    { command: string; first: number; last: number; peakKiB: number }
  >();
  const read = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return ''; // gone meanwhile
    }
  };
  const sample = () => {
    const now = Date.now();
    const children = readdirSync(`/proc/${pid}/task`).flatMap(task =>
      read(`/proc/${pid}/task/${task}/children`).split(' ').filter(Boolean),
    );
    for (const child of children.map(Number)) {
      const rss = Number(
        /VmRSS:\s+(\d+) kB/.exec(read(`/proc/${child}/status`))?.[1] ?? 0,
      );
      const known = seen.get(child);
      if (known) {
        known.last = now;
        known.peakKiB = Math.max(known.peakKiB, rss);
      } else {
        const argv = read(`/proc/${child}/cmdline`).split('\0');
        if (!argv[0]) {
          continue; // ended before it was read
        }
        const command = argv.some(a => a.endsWith('actionChild.mjs'))
          ? 'driver action process'
          : path.basename(argv[0] ?? '?');
        seen.set(child, { command, first: now, last: now, peakKiB: rss });
      }
    }
  };
  const timer = setInterval(sample, 50);
  return {
    stop: () => clearInterval(timer),
    figures: () => {
      const by = new Map<string, { lives: number[]; peaks: number[] }>();
      for (const { command, first, last, peakKiB } of seen.values()) {
        const entry = by.get(command) ?? { lives: [], peaks: [] };
        entry.lives.push(last - first);
        entry.peaks.push(peakKiB / 1024);
        by.set(command, entry);
      }
      return by;
    },
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

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

async function measure(size: number, agentBin: string) {
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
  let stopProxy: (() => Promise<void>) | undefined;
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

    const proxy = await countingProxy(backend.url);
    stopProxy = proxy.stop;
    agent = spawn(process.execPath, [agentBin], {
      env: {
        PATH: process.env.PATH,
        STYRMIN_URL: proxy.url,
        STYRMIN_AGENT_TOKEN: agentToken,
        KUBECONFIG: sandbox.kubeconfigPath,
        STYRMIN_AGENT_CHARTS_URL: `http://127.0.0.1:${chartPort}/charts`,
        STYRMIN_AGENT_CHART_PORT: String(chartPort),
        STYRMIN_AGENT_CACHE_DIR: path.join(work, 'cache'),
        HELM_BINARY: helm,
        ...(process.env.STYRMIN_AGENT_CONCURRENCY
          ? { STYRMIN_AGENT_CONCURRENCY: process.env.STYRMIN_AGENT_CONCURRENCY }
          : {}),
        // E.g. --max-old-space-size=256, to see what the agent needs rather than takes.
        NODE_OPTIONS: process.env.STYRMIN_BENCH_AGENT_NODE_OPTIONS ?? '',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await until(async () => sandbox.openWatches > 0, 100);
    const kubeCount = () => total(kubeRequests(sandbox));
    const atStart = kubeRequests(sandbox);
    const children = childSampler(agent.pid!);
    const agentAtStart = processFigures(agent.pid!);
    const benchAtStart = process.cpuUsage();

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
    const converged = difference(kubeRequests(sandbox), atStart);
    const agentConverged = processFigures(agent.pid!);
    const benchConverged = process.cpuUsage(benchAtStart);
    children.stop();

    // At rest: nothing changes for AT_REST_SECONDS once the agent is done with the
    // convergence (its last status reports).
    await quiet(kubeCount);
    const restKube = kubeRequests(sandbox);
    const restProtocol = proxy.counts();
    const restCpu = processFigures(agent.pid!);
    await new Promise(resolve => setTimeout(resolve, AT_REST_SECONDS * 1000));
    const atRestKube = difference(kubeRequests(sandbox), restKube);
    const atRestProtocol = difference(proxy.counts(), restProtocol);
    const idle = processFigures(agent.pid!);

    // A reconcile that changes nothing: each StyrminDeployment annotated once.
    const before = kubeRequests(sandbox);
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
    await quiet(kubeCount);
    const reconciled = difference(kubeRequests(sandbox), before);

    const perDeployment = (pairs: ReadonlyArray<readonly [string, number]>) =>
      pairs.reduce((sum, [, n]) => sum + n, 0) / size;
    const minutes = AT_REST_SECONDS / 60;
    line(
      `${size} deployments: time to converge (all RUNNING)`,
      `${(convergeMs / 1000).toFixed(1)} s`,
    );
    line(
      `${size} deployments: API requests per deployment, converging`,
      perDeployment(converged).toFixed(1),
    );
    breakdown(converged, size);
    line(
      `${size} deployments: agent CPU per converged deployment`,
      `${(
        ((agentConverged.cpuSeconds - agentAtStart.cpuSeconds) / size) *
        1000
      ).toFixed(0)} ms, its child processes ${(
        ((agentConverged.childrenCpuSeconds - agentAtStart.childrenCpuSeconds) /
          size) *
        1000
      ).toFixed(0)} ms`,
    );
    line(
      `${size} deployments: sandbox, Flux stand-in and backend CPU per deployment`,
      `${((benchConverged.user + benchConverged.system) / 1000 / size).toFixed(
        0,
      )} ms   (one process: not the agent's)`,
    );
    for (const [command, { lives, peaks }] of children.figures()) {
      line(
        `${size} deployments: child processes ${command}`,
        `${lives.length}, each living ${median(lives).toFixed(
          0,
        )} ms (median), peak RSS ${median(peaks).toFixed(
          0,
        )} MiB median, ${Math.max(...peaks).toFixed(0)} MiB max`,
      );
    }
    line(
      `${size} deployments: API requests per reconcile, nothing changed`,
      `${perDeployment(reconciled).toFixed(2)}   (goal 0)`,
    );
    breakdown(reconciled, size);
    line(
      `${size} deployments: API requests per deployment per minute, at rest`,
      `${(perDeployment(atRestKube) / minutes).toFixed(3)}   (goal 0)`,
    );
    breakdown(atRestKube, AT_REST_SECONDS / 60, 'per minute, whole agent');
    line(
      `${size} deployments: agent-protocol requests per deployment per minute, at rest`,
      `${(perDeployment(atRestProtocol) / minutes).toFixed(3)}   (goal 0)`,
    );
    breakdown(atRestProtocol, AT_REST_SECONDS / 60, 'per minute, whole agent');
    line(
      `${size} deployments: agent peak memory (VmHWM)`,
      `${idle.peakMiB.toFixed(0)} MiB   (goal at 10,000: 300 MiB)`,
    );
    line(
      `${size} deployments: agent resident memory at rest (VmRSS)`,
      `${idle.residentMiB.toFixed(0)} MiB`,
    );
    line(
      `${size} deployments: agent CPU at rest (${AT_REST_SECONDS} s)`,
      `${(
        ((idle.cpuSeconds - restCpu.cpuSeconds) / AT_REST_SECONDS) *
        100
      ).toFixed(1)} % of a core`,
    );
  } finally {
    agent?.kill('SIGTERM');
    await new Promise(
      resolve => agent?.once('exit', resolve) ?? resolve(undefined),
    );
    await stopProxy?.();
    await sandbox.stop();
    await backend.stop();
    await knex.destroy();
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** The requests of a figure by kind, divided by `per` (deployments, minutes). */
function breakdown(
  pairs: ReadonlyArray<readonly [string, number]>,
  per: number,
  unit = 'per deployment',
) {
  for (const [key, n] of pairs) {
    line(`    ${key}`, `${(n / per).toFixed(2)} ${unit}`);
  }
}

async function main() {
  const built = await fs.mkdtemp(path.join(os.tmpdir(), 'agent-built-'));
  try {
    const agentBin = process.env.STYRMIN_BENCH_AGENT_BIN ?? buildAgent(built);
    for (const size of SIZES.length > 0 ? SIZES : [1, 100, 1_000]) {
      await measure(size, agentBin);
    }
  } finally {
    await fs.rm(built, { recursive: true, force: true });
  }
}

main().catch(error => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
