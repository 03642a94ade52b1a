/*
 * Issue 20, goal 4 (backend reads): what the portal's reads cost at fleet scale, printed
 * beside the goal, on SQLite and on PostgreSQL.
 *
 *   node -r @backstage/cli/config/nodeTransform.cjs scripts/bench-backend-reads.ts [environments]
 *
 * - A GraphQL page of 100 deployments with their state, latest task result, components and
 *   observed status, at 1,000 environments of 10 deployments (10,000; the argument scales
 *   it): queries per page (goal: constant, at most 6) and p50/p95 of its latency over every
 *   page of the listing (goal: p95 at most 20 ms), over HTTP; and the CPU time per page of
 *   the process (server and client), which the machine's other load blurs less.
 * - The documents of the portal's home page, environment page and Tasks tabs, sent by the
 *   SDK's methods that the portal's StyrminClient calls: queries per document at a tenth of
 *   the data and at all of it (goal: equal).
 *
 * PostgreSQL runs when STYRMIN_POSTGRES_URL names a server (source scripts/postgres.sh &&
 * styrmin_pg_start). The plugin runs as plugin.ts wires it, answering over HTTP. The first
 * environment is written through the GraphQL API and the agent protocol, the others are
 * batch inserts of copies of its rows (see seedEnvironments in bench-support.ts).
 */
import { performance } from 'node:perf_hooks';
import {
  BenchSetup,
  countQueries,
  databases,
  loadLine,
  percentile,
  printTable,
  seedEnvironments,
  setUp,
} from './bench-support';

const PER_ENVIRONMENT = 10;
const PAGE_SIZE = 100;
const QUERY_GOAL = 6;
const P95_GOAL_MS = 20;

/** The goal's page: what an overview of deployments shows of each. */
const PAGE = /* GraphQL */ `
  query DeploymentsPage($first: Int, $after: String) {
    deployments(first: $first, after: $after) {
      nodes {
        id
        name
        state
        stateReason
        latestTask {
          type
          status
          result
        }
        components {
          name
          desiredReplicas
          pods
          readyReplicas
          stopped
        }
        deploymentStatus {
          ready
          reason
          observedAt
        }
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`;

/** The portal's reads, by the page that sends them, through the SDK methods it calls. */
async function portalReads(
  setup: BenchSetup,
): Promise<Record<string, () => Promise<unknown>>> {
  const { sdk } = setup;
  const environment = (await sdk.environmentWithDeployments({ name: 'e0' }))!;
  const [deployment] = environment.deployments;
  return {
    'home: environments with deployments': () =>
      sdk.environmentsWithDeployments(),
    'home: clusters': () => sdk.clusters(),
    'home: drivers': () => sdk.drivers(),
    'home: server': () => sdk.serverInfo(),
    'environment page': () => sdk.environmentWithDeployments({ name: 'e0' }),
    'environment Tasks tab': () =>
      sdk.environmentOperationTasks({ id: environment.id }),
    'deployment Tasks tab': () =>
      sdk.deploymentTasks({ id: deployment.id, topLevel: true }),
  };
}

async function queriesOfPortalReads(setup: BenchSetup) {
  const counts = new Map<string, number>();
  for (const [name, read] of Object.entries(await portalReads(setup))) {
    // Once first: what a process reads once (the server's installation) is not the page's.
    await read();
    counts.set(name, (await countQueries(setup.knex, read)).queries);
  }
  return counts;
}

/** Walks the whole listing, page by page: queries per page and each page's latency. */
async function walkPages(setup: BenchSetup) {
  const queries = new Set<number>();
  const latencies: number[] = [];
  const cpu = process.cpuUsage();
  let after: string | undefined;
  for (;;) {
    const start = performance.now();
    const counted = await countQueries(setup.knex, () =>
      setup.execute(PAGE, { first: PAGE_SIZE, after }),
    );
    latencies.push(performance.now() - start);
    queries.add(counted.queries);
    const page = counted.result.deployments;
    if (page.nodes.length !== PAGE_SIZE && page.pageInfo.hasNextPage) {
      throw new Error(`A page of ${page.nodes.length} before the last`);
    }
    if (!page.pageInfo.hasNextPage) {
      const used = process.cpuUsage(cpu);
      return {
        queries: [...queries],
        latencies,
        pages: latencies.length,
        cpuPerPage: (used.user + used.system) / 1000 / latencies.length,
      };
    }
    after = page.pageInfo.endCursor;
  }
}

async function main() {
  const environments = Number(process.argv[2] ?? 1_000);
  const tenth = Math.max(1, Math.round(environments / 10));
  const pageRows: string[][] = [
    [
      'engine',
      'deployments',
      'environments',
      'pages',
      'queries/page',
      `goal <= ${QUERY_GOAL}`,
      'p50 ms',
      'p95 ms',
      `goal <= ${P95_GOAL_MS}`,
      'CPU ms/page',
      'seeding s',
    ],
  ];
  const portalRows: string[][] = [
    [
      'engine',
      'document',
      `queries at ${tenth * PER_ENVIRONMENT}`,
      `at ${environments * PER_ENVIRONMENT}`,
      'goal: equal',
    ],
  ];
  const stops: Array<() => Promise<void>> = [];
  for (const { engine, knex, drop } of await databases()) {
    try {
      const setup = await setUp(knex);
      stops.push(setup.stop);
      const seeding = performance.now();
      const seeded = await seedEnvironments(setup, {
        perEnvironment: PER_ENVIRONMENT,
      });
      await seeded.copy({ from: 1, to: tenth });
      const small = await queriesOfPortalReads(setup);
      await seeded.copy({ from: tenth, to: environments });
      const seedingSeconds = (performance.now() - seeding) / 1000;
      const large = await queriesOfPortalReads(setup);
      for (const [name, queries] of small) {
        const at10x = large.get(name)!;
        portalRows.push([
          engine,
          name,
          String(queries),
          String(at10x),
          queries === at10x ? 'met' : 'NOT MET',
        ]);
      }
      // Once to warm the statement caches, then measured.
      await walkPages(setup);
      const walk = await walkPages(setup);
      const p95 = percentile(walk.latencies, 0.95);
      const worst = Math.max(...walk.queries);
      pageRows.push([
        engine,
        String(environments * PER_ENVIRONMENT),
        String(environments),
        String(walk.pages),
        walk.queries.join(', '),
        walk.queries.length === 1 && worst <= QUERY_GOAL ? 'met' : 'NOT MET',
        percentile(walk.latencies, 0.5).toFixed(1),
        p95.toFixed(1),
        p95 <= P95_GOAL_MS ? 'met' : 'NOT MET',
        walk.cpuPerPage.toFixed(1),
        seedingSeconds.toFixed(1),
      ]);
      process.stderr.write(`${engine}: done\n`);
    } finally {
      await Promise.all(stops.splice(0).map(stop => stop()));
      await drop();
    }
  }
  process.stdout.write(
    `Goal 4: a page of ${PAGE_SIZE} deployments (state, latest task result, components, observed status)\n`,
  );
  printTable(pageRows);
  process.stdout.write(
    `\nGoal 4: the portal's documents at 1x and 10x the data\n`,
  );
  printTable(portalRows);
  process.stdout.write(`\n${loadLine()}\n`);
}

main().catch(error => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exitCode = 1;
});
