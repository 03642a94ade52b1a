/*
 * Issue 20, goal 5 (fleet simulation): simulated agents speaking the real agent protocol
 * (HTTP, @styrmin/sdk's AgentProtocolClient) against the plugin on PostgreSQL, as plugin.ts
 * wires it; each figure printed beside its goal.
 *
 *   source scripts/postgres.sh && styrmin_pg_start
 *   node -r @backstage/cli/config/nodeTransform.cjs scripts/bench-fleet.ts [agents] [deployments per agent]
 *
 * (100 agents of 100 deployments by default; the goal's 1,000 per agent is the second
 * argument.) Each agent has a cluster of its own: its deployments' create_instance runs
 * wait in its work pool.
 *
 * 1. One backend: every agent claims its runs one after another and runs each as the agent's
 *    worker does (a heartbeat, each step started and ended, the run completed): latency
 *    per endpoint (goal: p99 at most 100 ms).
 * 2. Status reports of every deployment: the first (writes), the same again (goal: 0
 *    writes), and a burst of pod changes (goal: 10,000 delivered in at most 10 round trips
 *    per agent); database writes counted per report.
 * 3. A second replica (another process) on the same database, the agents' requests shared
 *    between the two; the second killed (SIGKILL) half-way through the runs, its agents
 *    going on with the first: runs claimed twice, active instances per deployment, each
 *    replica's share, lost and duplicated tasks.
 */
import { AgentProtocolClient, StyrminApiError } from '@styrmin/sdk';
import { ChildProcess, spawn } from 'node:child_process';
import knexFactory, { Knex } from 'knex';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { runScripted } from '../plugins/styrmin-backend/src/__testUtils__/scriptedAgent';
import {
  BenchSetup,
  loadLine,
  percentile,
  postgresDatabase,
  printTable,
  seedEnvironments,
  setUp,
  startBenchBackend,
} from './bench-support';

const PER_ENVIRONMENT = 10;
const P99_GOAL_MS = 100;
const BURST_POD_CHANGES = 10_000;
const BURST_ROUND_TRIP_GOAL = 10;
/** Short leases, so that a run whose claim was answered by the killed replica comes back soon. */
const LEASE_SECONDS = 15;
const FLOWS_CONFIG = {
  flows: {
    leaseDuration: { seconds: LEASE_SECONDS },
    sweepInterval: { seconds: 1 },
  },
};

type Agent = {
  name: string;
  clusterId: string;
  token: string;
  deploymentIds: string[];
};

/** Latencies by endpoint (the client's method), and requests by replica. */
class Recorder {
  readonly latencies = new Map<string, number[]>();
  readonly byReplica = new Map<string, number>();

  record(method: string, ms: number, replica: string) {
    const list = this.latencies.get(method) ?? [];
    list.push(ms);
    this.latencies.set(method, list);
    this.byReplica.set(replica, (this.byReplica.get(replica) ?? 0) + 1);
  }
}

/**
 * An agent's client over the replicas in turn, as a load balancer would share them: each
 * call goes to the next replica still up; a replica that cannot be reached is down from
 * then on, and the call goes to another (every call of the protocol may be repeated).
 */
function balancedClient(
  replicas: Array<{ name: string; client: AgentProtocolClient }>,
  recorder: Recorder,
): AgentProtocolClient {
  const down = new Set<string>();
  let next = 0;
  return new Proxy(replicas[0].client, {
    get(target, property) {
      const value = (target as any)[property];
      if (typeof value !== 'function') {
        return value;
      }
      return async (...args: unknown[]) => {
        for (;;) {
          const up = replicas.filter(r => !down.has(r.name));
          if (up.length === 0) {
            throw new Error('No replica is up');
          }
          const replica = up[next++ % up.length];
          const start = performance.now();
          try {
            const result = await (replica.client as any)[property](...args);
            recorder.record(
              String(property),
              performance.now() - start,
              replica.name,
            );
            return result;
          } catch (error) {
            if (
              error instanceof StyrminApiError &&
              error.code === 'UNAVAILABLE' &&
              /Could not reach/.test(error.message)
            ) {
              down.add(replica.name);
              continue;
            }
            throw error;
          }
        }
      };
    },
  });
}

/** What the agents claimed: owner and attempt of every claim, by run. */
type Claims = Map<string, Array<{ owner: string; attempt: number }>>;

/**
 * Each agent claims and runs its pool's runs until none is left, heartbeating three times
 * per lease as the agent's worker does; returns how many runs it lost (a lease that expired
 * all the same: the run goes back to the pool and is claimed again).
 */
async function converge(
  agents: Agent[],
  clientOf: (agent: Agent) => AgentProtocolClient,
  claims: Claims,
  options: { onRun?: () => void } = {},
): Promise<number> {
  let lost = 0;
  await Promise.all(
    agents.map(async agent => {
      const client = clientOf(agent);
      for (;;) {
        const run = await client.claim({ owner: agent.name });
        if (!run) {
          return;
        }
        claims.set(run.id, [
          ...(claims.get(run.id) ?? []),
          { owner: agent.name, attempt: run.attempt },
        ]);
        options.onRun?.();
        const lease = {
          runId: run.id,
          owner: agent.name,
          attempt: run.attempt,
        };
        await client.heartbeat(lease);
        const beating = setInterval(() => {
          client.heartbeat(lease).catch(() => {});
        }, (LEASE_SECONDS * 1000) / 3);
        try {
          const outcome = await runScripted(client, run, agent.name);
          if (outcome === 'LOST') {
            lost++;
          } else if (outcome !== 'SUCCEEDED') {
            throw new Error(`Run ${run.id} ended ${outcome}`);
          }
        } finally {
          clearInterval(beating);
        }
      }
    }),
  );
  return lost;
}

/**
 * Counts the statements that write, on `knex`, while `work` runs: those of the reports, and
 * apart the cluster's agentLastSeenAt, which authenticateAgent writes per agent at most
 * once a minute, whatever the calls.
 */
async function countWrites<T>(knex: Knex, work: () => Promise<T>) {
  let writes = 0;
  let seen = 0;
  const count = (query: { sql: string }) => {
    if (/^\s*update\s+"styrmin_clusters"/i.test(query.sql)) {
      seen++;
    } else if (/^\s*(insert|update|delete)/i.test(query.sql)) {
      writes++;
    }
  };
  knex.on('query', count);
  try {
    const result = await work();
    return { writes, seen, result };
  } finally {
    knex.removeListener('query', count);
  }
}

const podsOf = (generation: number, changed: number) =>
  ['server-0', 'server-1', 'database-0'].map((name, i) => ({
    name,
    phase: 'Running' as const,
    ready: true,
    restarts: i < changed ? generation : 0,
    component: name.split('-')[0],
  }));

/** Every deployment of every agent reported once, `changed` of its pods with new restarts. */
async function reportAll(
  agents: Agent[],
  clientOf: (agent: Agent) => AgentProtocolClient,
  options: { generation: number; changedPods?: (index: number) => number },
) {
  const { generation, changedPods = () => 3 } = options;
  let roundTrips = 0;
  let pods = 0;
  await Promise.all(
    agents.map(async agent => {
      const client = clientOf(agent);
      for (const [index, deploymentId] of agent.deploymentIds.entries()) {
        const changed = changedPods(index);
        if (changed === 0) {
          continue;
        }
        pods += changed;
        roundTrips++;
        await client.reportDeploymentStatus({
          deploymentId,
          observedAt: new Date().toISOString(),
          status: {
            observedGeneration: 1,
            conditions: [{ type: 'Ready', status: 'True', reason: 'Ready' }],
          },
          pods: podsOf(generation, changed),
        });
      }
    }),
  );
  return { roundTrips, pods };
}

/** A second replica in a process of its own, so that it can be killed. */
async function startReplica(connection: string) {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '-r',
      '@backstage/cli/config/nodeTransform.cjs',
      __filename,
      '--replica',
      connection,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  const serverUrl = await new Promise<string>((resolve, reject) => {
    lines.on('line', line => {
      const started = /^listening (\S+)$/.exec(line);
      if (started) {
        resolve(started[1]);
      }
    });
    child.on('exit', code => reject(new Error(`The replica exited ${code}`)));
  });
  return { child, serverUrl };
}

async function replicaMain(connection: string) {
  const knex = knexFactory({ client: 'pg', connection });
  const backend = await startBenchBackend({
    knex,
    styrminConfig: FLOWS_CONFIG,
  });
  process.stdout.write(`listening ${backend.serverUrl}\n`);
}

function latencyRows(phase: string, recorder: Recorder): string[][] {
  return [...recorder.latencies].map(([method, list]) => {
    const p99 = percentile(list, 0.99);
    return [
      phase,
      method,
      String(list.length),
      percentile(list, 0.5).toFixed(1),
      p99.toFixed(1),
      p99 <= P99_GOAL_MS ? 'met' : 'NOT MET',
    ];
  });
}

async function agentsOf(
  setup: BenchSetup,
  count: number,
  environmentsPerAgent: number,
  seeded: Awaited<ReturnType<typeof seedEnvironments>>,
): Promise<Agent[]> {
  const agents: Agent[] = [];
  for (let a = 0; a < count; a++) {
    const registered =
      a === 0
        ? { cluster: setup.cluster, agentToken: setup.agentToken }
        : await setup.sdk.registerCluster({ name: `c${a}`, settings: {} });
    await seeded.copy({
      from: a * environmentsPerAgent,
      to: (a + 1) * environmentsPerAgent,
      clusterId: registered.cluster.id,
    });
    agents.push({
      name: `agent-${a}`,
      clusterId: registered.cluster.id,
      token: registered.agentToken,
      deploymentIds: [],
    });
  }
  return agents;
}

/** Fills in each agent's deployments, from the database. */
async function listDeployments(knex: Knex, agents: Agent[]) {
  const rows: Array<{ id: string; cluster_id: string }> = await knex(
    'styrmin_deployments as d',
  )
    .join('styrmin_environments as e', 'e.id', 'd.environment_id')
    .select('d.id', 'e.cluster_id');
  for (const agent of agents) {
    agent.deploymentIds = rows
      .filter(row => row.cluster_id === agent.clusterId)
      .map(row => row.id);
  }
}

async function main() {
  const agentCount = Number(process.argv[2] ?? 100);
  const perAgent = Number(process.argv[3] ?? 100);
  const environmentsPerAgent = Math.max(
    1,
    Math.round(perAgent / PER_ENVIRONMENT),
  );
  const database = await postgresDatabase();
  if (!database) {
    throw new Error(
      'The fleet runs on PostgreSQL: source scripts/postgres.sh && styrmin_pg_start',
    );
  }
  const { knex, connection } = database;
  const stops: Array<() => Promise<void>> = [];
  let replica: ChildProcess | undefined;
  try {
    const setup = await setUp(knex, FLOWS_CONFIG);
    stops.push(setup.stop);
    const seeding = performance.now();
    const seeded = await seedEnvironments(setup, {
      perEnvironment: PER_ENVIRONMENT,
    });
    const agents = await agentsOf(
      setup,
      agentCount,
      environmentsPerAgent,
      seeded,
    );
    await listDeployments(knex, agents);
    const deployments = agents.reduce((n, a) => n + a.deploymentIds.length, 0);
    process.stderr.write(
      `seeded ${deployments} deployments for ${agentCount} agents in ${(
        (performance.now() - seeding) /
        1000
      ).toFixed(0)} s\n`,
    );

    // 1. One backend.
    const one = new Recorder();
    const onA = (agent: Agent) =>
      balancedClient([{ name: 'A', client: setup.agent(agent.token) }], one);
    const claims: Claims = new Map();
    const converging = performance.now();
    const cpu = process.cpuUsage();
    const lostOfOne = await converge(agents, onA, claims);
    const convergedSeconds = (performance.now() - converging) / 1000;
    const convergeCpu = process.cpuUsage(cpu);
    process.stderr.write(`converged in ${convergedSeconds.toFixed(0)} s\n`);

    // 2. Status reports.
    const first = await countWrites(knex, () =>
      reportAll(agents, onA, { generation: 1 }),
    );
    const same = await countWrites(knex, () =>
      reportAll(agents, onA, { generation: 1 }),
    );
    const perAgentChanges = Math.ceil(BURST_POD_CHANGES / agentCount);
    const burst = await countWrites(knex, () =>
      reportAll(agents, onA, {
        generation: 2,
        // The burst's pod changes, three to a deployment, on each agent's first ones.
        changedPods: index =>
          Math.max(0, Math.min(3, perAgentChanges - index * 3)),
      }),
    );
    process.stderr.write('reported\n');

    // 3. Two replicas.
    const started = await startReplica(connection!);
    replica = started.child;
    const two = new Recorder();
    const twoReplicas = (agent: Agent) =>
      balancedClient(
        [
          { name: 'A', client: setup.agent(agent.token) },
          {
            name: 'B',
            client: AgentProtocolClient.create({
              serverUrl: started.serverUrl,
              token: agent.token,
            }),
          },
        ],
        two,
      );
    for (const [a, agent] of agents.entries()) {
      await seeded.copy({
        from: (agentCount + a) * environmentsPerAgent,
        to: (agentCount + a + 1) * environmentsPerAgent,
        clusterId: agent.clusterId,
      });
    }
    const before = new Set(agents.flatMap(a => a.deploymentIds));
    await listDeployments(knex, agents);
    const secondRuns = agents.reduce(
      (n, a) => n + a.deploymentIds.filter(id => !before.has(id)).length,
      0,
    );
    const claimsOfTwo: Claims = new Map();
    let runsClaimed = 0;
    let killedAt: number | undefined;
    let lostOfTwo = 0;
    let sharesAtKill = '';
    // The lease sweep, as the replicas' schedulers would run it.
    const sweeping = setInterval(() => {
      setup.runScheduledTask('styrmin-flow-run-lease-sweep').catch(() => {});
    }, 1000);
    try {
      lostOfTwo += await converge(agents, twoReplicas, claimsOfTwo, {
        onRun: () => {
          runsClaimed++;
          if (killedAt === undefined && runsClaimed >= secondRuns / 2) {
            killedAt = runsClaimed;
            sharesAtKill = [...two.byReplica]
              .map(([name, n]) => `${name} ${n}`)
              .join(', ');
            replica!.kill('SIGKILL');
          }
        },
      });
      // Runs whose claim the killed replica took but never answered: their leases expire
      // and they come back to the pool.
      for (
        let waited = 0;
        waited < 30 &&
        Number(
          (
            await knex('styrmin_flow_runs')
              .whereNot({ state: 'SUCCEEDED' })
              .count({ n: '*' })
          )[0].n,
        ) > 0;
        waited++
      ) {
        await new Promise(resolve => setTimeout(resolve, 1000));
        lostOfTwo += await converge(agents, twoReplicas, claimsOfTwo);
      }
    } finally {
      clearInterval(sweeping);
    }
    const notSucceeded = Number(
      (
        await knex('styrmin_flow_runs')
          .whereNot({ state: 'SUCCEEDED' })
          .count({ n: '*' })
      )[0].n,
    );
    const doubleClaims = [...claimsOfTwo.values()].filter(
      list => new Set(list.map(c => c.attempt)).size < list.length,
    ).length;
    const reclaimed = [...claimsOfTwo.values()].filter(
      list => list.length > 1,
    ).length;
    const twoActive = (
      await knex('styrmin_instances')
        .where({ active: true })
        .groupBy('deployment_id')
        .havingRaw('count(*) > 1')
        .select('deployment_id')
    ).length;
    const tasksPerDeployment = await knex('styrmin_tasks')
      .groupBy('deployment_id')
      .havingRaw('count(*) > 1')
      .select('deployment_id');
    const rerunSteps = Number(
      (
        await knex('styrmin_steps').where('attempts', '>', 1).count({ n: '*' })
      )[0].n,
    );

    process.stdout.write(
      `Goal 5: ${agentCount} agents x ${perAgent} deployments (${deployments}; the goal's 1,000 per agent is the second argument) on PostgreSQL\n`,
    );
    process.stdout.write(
      `converged ${claims.size} runs in ${convergedSeconds.toFixed(
        0,
      )} s on one backend: ${(claims.size / convergedSeconds).toFixed(
        0,
      )} runs/s, ${(
        (convergeCpu.user + convergeCpu.system) /
        1000 /
        claims.size
      ).toFixed(1)} ms CPU per run (agents and backend in one process)\n\n`,
    );
    printTable([
      [
        'phase',
        'endpoint',
        'requests',
        'p50 ms',
        'p99 ms',
        `goal <= ${P99_GOAL_MS}`,
      ],
      ...latencyRows('one backend', one),
      ...latencyRows('two replicas', two),
    ]);
    process.stdout.write('\n');
    const perReport = (figures: typeof first) =>
      (figures.writes / figures.result.roundTrips).toFixed(2);
    printTable([
      [
        'status reports',
        'reports',
        'pods changed',
        'writes',
        'writes/report',
        'goal',
        'agent seen (per agent)',
      ],
      [
        'first',
        String(first.result.roundTrips),
        String(first.result.pods),
        String(first.writes),
        perReport(first),
        'proportional',
        String(first.seen),
      ],
      [
        'unchanged',
        String(same.result.roundTrips),
        '0',
        String(same.writes),
        perReport(same),
        same.writes === 0 ? '0: met' : '0: NOT MET',
        String(same.seen),
      ],
      [
        'burst',
        String(burst.result.roundTrips),
        String(burst.result.pods),
        String(burst.writes),
        perReport(burst),
        'proportional',
        String(burst.seen),
      ],
    ]);
    const roundTripsPerAgent = burst.result.roundTrips / agentCount;
    // One report per changed deployment: at the goal's size, 10,000 pod changes over 100
    // agents whose deployments have 3 pods take a report for each deployment they touch.
    const atGoalSize = Math.ceil(BURST_POD_CHANGES / 100 / 3);
    const burstMet =
      roundTripsPerAgent <= BURST_ROUND_TRIP_GOAL &&
      atGoalSize <= BURST_ROUND_TRIP_GOAL;
    process.stdout.write(
      `\nburst of ${
        burst.result.pods
      } pod changes: ${roundTripsPerAgent.toFixed(
        0,
      )} round trips per agent, one per changed deployment; ${atGoalSize} at the goal's size (goal <= ${BURST_ROUND_TRIP_GOAL}: ${
        burstMet ? 'met' : 'NOT MET'
      }: the protocol takes one deployment per report)\n\n`,
    );
    printTable([
      ['two replicas', 'figure', 'goal'],
      ['runs', String(secondRuns), ''],
      ['requests by replica until B was killed', sharesAtKill, 'shared'],
      ['B killed after runs claimed', String(killedAt ?? 'never'), ''],
      [
        'runs claimed twice under one attempt',
        String(doubleClaims),
        doubleClaims === 0 ? '0: met' : '0: NOT MET',
      ],
      ['runs claimed again (lost answer or lease)', String(reclaimed), ''],
      ['leases lost while running, one backend', String(lostOfOne), ''],
      ['leases lost while running (under load)', String(lostOfTwo), ''],
      [
        'deployments with two active instances',
        String(twoActive),
        twoActive === 0 ? '0: met' : '0: NOT MET',
      ],
      [
        'runs not SUCCEEDED (lost)',
        String(notSucceeded),
        notSucceeded === 0 ? '0: met' : '0: NOT MET',
      ],
      [
        'deployments with more than one task (duplicated)',
        String(tasksPerDeployment.length),
        tasksPerDeployment.length === 0 ? '0: met' : '0: NOT MET',
      ],
      ['steps started more than once', String(rerunSteps), ''],
    ]);
    process.stdout.write(`\n${loadLine()}\n`);
  } finally {
    replica?.kill('SIGKILL');
    await Promise.all(stops.map(stop => stop()));
    await database.drop();
  }
}

if (process.argv[2] === '--replica') {
  replicaMain(process.argv[3]).catch(error => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  });
} else {
  main().catch(error => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exitCode = 1;
  });
}
