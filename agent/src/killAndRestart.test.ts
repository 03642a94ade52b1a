import { TestDatabases } from '@backstage/backend-test-utils';
import { ensureTools, Sandbox } from '@styrmin/kube-sandbox';
import { StyrminClient, TaskDetail } from '@styrmin/sdk';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AgentProcess } from './__testUtils__/agentProcess';
import { startE2eBackend, styrminctlAgainst } from './__testUtils__/e2e';
import { EXAMPLE_DRIVERS } from './__testUtils__/exampleBundles';
import {
  ClusterView,
  freePort,
  startOperatorSandbox,
  waitFor,
} from './__testUtils__/operatorSandbox';

/** At least this many kills; `STYRMIN_KILL_POINTS` asks for more (or fewer). */
const KILL_POINTS = Number(process.env.STYRMIN_KILL_POINTS ?? 20);
/** The random kill points follow this seed; a failure prints it, to replay the same ones. */
const SEED = Number(process.env.STYRMIN_KILL_SEED ?? Date.now() % 100_000);
const PASSWORD = 'correct horse battery staple';

jest.setTimeout(Math.max(600_000, KILL_POINTS * 30_000));

/** mulberry32: a small seeded generator, so that a run's kill points can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/*
 * Recorded intent, really (issue 7, item 4): the agent process is killed with SIGKILL at
 * random points while it creates, edits, upgrades and deletes deployments, and started
 * again each time. Everything must converge from the stored intent: every task SUCCEEDED in
 * one attempt of its flow run, no step that succeeded started again, every deployment in
 * the state its last change asked for.
 *
 * The agent claims as a fixed owner, as a pod does under its own name (STYRMIN_AGENT_OWNER):
 * after a restart it gets the runs it held back at once, rather than after their leases.
 */
describe('the agent, killed and restarted at random points', () => {
  const databases = TestDatabases.create({ ids: ['SQLITE_3'] });
  let backend: Awaited<ReturnType<typeof startE2eBackend>>;
  let sandbox: Sandbox;
  let view: ClusterView;
  let client: StyrminClient;
  let work: string;
  let agent: AgentProcess | undefined;
  const lines: string[] = [];

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'agent-kill-'));
    backend = await startE2eBackend({
      knex: await databases.init('SQLITE_3'),
    });
    client = backend.client;
    sandbox = await startOperatorSandbox();
    view = new ClusterView(sandbox);
  });

  afterAll(async () => {
    await agent?.stop();
    await sandbox?.stop();
    await backend?.stop();
    await fs.rm(work, { recursive: true, force: true });
  });

  it(`converges with no step run twice over ${KILL_POINTS} kill points (seed ${SEED})`, async () => {
    const next = random(SEED);
    const styrminctl = styrminctlAgainst(backend);
    const json = async (args: string[], env: Record<string, string> = {}) => {
      const result = await styrminctl([...args, '-o', 'json'], { env });
      if (result.exitCode !== 0) {
        throw new Error(`styrminctl ${args.join(' ')}: ${result.stderr}`);
      }
      return JSON.parse(result.stdout);
    };

    const { cluster, agentToken } = await json([
      'clusters',
      'create',
      'sandbox',
    ]);
    await json(['environments', 'create', 'dev', '--cluster', cluster.name]);
    for (const version of ['1.0.0', '1.1.0']) {
      const directory = path.join(EXAMPLE_DRIVERS, 'infrahub', version);
      await json(['drivers', 'load', directory]);
    }
    // The agent's chart server, at one address across restarts: Flux fetches charts from it.
    const chartPort = await freePort();
    const env = {
      STYRMIN_URL: backend.url,
      STYRMIN_AGENT_TOKEN: agentToken,
      KUBECONFIG: sandbox.kubeconfigPath,
      STYRMIN_AGENT_CHARTS_URL: `http://127.0.0.1:${chartPort}/charts`,
      STYRMIN_AGENT_CHART_PORT: String(chartPort),
      STYRMIN_AGENT_CACHE_DIR: path.join(work, 'cache'),
      STYRMIN_AGENT_OWNER: 'kill-test',
      HELM_BINARY: (await ensureTools()).helm,
    };

    const deploymentIds: string[] = [];
    /** The changes of one deployment, from its creation to its deletion. */
    const lifecycle = (name: string): Array<() => Promise<string>> => [
      async () => {
        const created = await json(
          [
            'deployments',
            'create',
            `dev/${name}`,
            '--driver',
            'infrahub',
            '--driver-version',
            '1.0.0',
            '--app-version',
            '1.5.2',
            '--set-secret',
            'admin_password=PASSWORD',
          ],
          { PASSWORD },
        );
        deploymentIds.push(created.deployment.id);
        return created.task.id;
      },
      async () =>
        (
          await json([
            'deployments',
            'edit',
            `dev/${name}`,
            '--set',
            'log_level=DEBUG',
          ])
        ).task.id,
      async () =>
        (
          await json([
            'deployments',
            'edit',
            `dev/${name}`,
            '--replicas',
            'task-worker=3',
            '--env',
            'server.KILLED=yes',
          ])
        ).task.id,
      async () =>
        (
          await json([
            'deployments',
            'upgrade',
            `dev/${name}`,
            '--driver-version',
            '1.1.0',
          ])
        ).task.id,
      async () =>
        (await json(['deployments', 'delete', `dev/${name}`])).task.id,
    ];

    const taskDone = async (taskId: string) => {
      const task = await client.task(taskId);
      return task && !['SCHEDULED', 'RUNNING'].includes(task.status)
        ? task
        : undefined;
    };

    let kills = 0;
    const progress = (message: string) =>
      process.env.STYRMIN_KILL_VERBOSE && process.stdout.write(`${message}\n`);
    const tasks: TaskDetail[] = [];
    try {
      for (let n = 1; kills < KILL_POINTS && n <= 8; n++) {
        for (const change of lifecycle(`k${n}`)) {
          const taskId = await change();
          // Each kill of the same change waits longer: a step is the unit of progress, and
          // one that takes longer than every kill window would never end.
          for (let killsOfChange = 0; ; killsOfChange++) {
            if (!agent) {
              agent = new AgentProcess(env, lines);
              // Now and then a kill while the agent starts up, else once it runs.
              if (next() > 0.2) {
                await agent.started;
              }
            }
            const killAfter = Math.floor(next() * 1000 * (1 + killsOfChange));
            const done = await Promise.race([
              waitFor(() => taskDone(taskId), { timeoutMs: 120_000 }),
              new Promise<undefined>(resolve => setTimeout(resolve, killAfter)),
            ]);
            if (done) {
              tasks.push(done);
              break;
            }
            await agent.kill();
            agent = undefined;
            kills++;
            if (process.env.STYRMIN_KILL_VERBOSE) {
              const task = await client.task(taskId);
              progress(
                `kill ${kills} after ${killAfter} ms: ${task?.type} ${
                  task?.status
                } ${task?.steps
                  .map(st => `${st.name}=${st.status}/${st.attempts}`)
                  .join(', ')}${
                  killsOfChange > 4 ? `\n${lines.slice(-15).join('\n')}` : ''
                }`,
              );
            }
          }
        }
      }
    } catch (error) {
      throw new Error(
        `${
          (error as Error).message
        } (seed ${SEED}, after ${kills} kills)\n${lines.slice(-40).join('\n')}`,
      );
    }

    expect(kills).toBeGreaterThanOrEqual(KILL_POINTS);
    // Every change was carried out, each flow run in one attempt (the restarted agent got
    // its runs back), every step in one attempt.
    for (const task of tasks) {
      expect({
        type: task.type,
        result: task.result,
        attempts: task.flowRun.attempts,
        steps: task.steps.map(s => [s.name, s.status, s.attempts]),
      }).toEqual({
        type: task.type,
        result: 'SUCCEEDED',
        attempts: 1,
        steps: task.steps.map(s => [s.name, 'SUCCEEDED', 1]),
      });
    }
    // No step that succeeded was started again by a later incarnation of the agent.
    const succeeded = new Set<string>();
    const startedAgain: string[] = [];
    for (const line of lines) {
      const run = /flowRun=(\S+)/.exec(line)?.[1];
      const step = /step="([^"]+)"/.exec(line)?.[1];
      if (!run || !step || !line.includes('controller=worker')) {
        continue;
      }
      if (line.includes('msg="Step succeeded"')) {
        succeeded.add(`${run} ${step}`);
      } else if (
        line.includes('msg="Step started"') &&
        succeeded.has(`${run} ${step}`)
      ) {
        startedAgain.push(`${run} ${step}`);
      }
    }
    expect(startedAgain).toEqual([]);
    // Each deployment ended deleted: a tombstone, its namespace and resource gone.
    for (const id of deploymentIds) {
      expect((await client.deployment({ id }))?.state).toBe('DELETED');
      expect(
        await view.read('v1', 'Namespace', `styrmin-${id}`),
      ).toBeUndefined();
      expect(await view.deployment(id)).toBeUndefined();
    }
    expect(lines.join('\n')).not.toContain(PASSWORD);
  });
});
