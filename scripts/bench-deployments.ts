/*
 * Prints what listing deployments costs through the GraphQL API: database queries per
 * request and latency, for 10, 100 and 1,000 deployments, on SQLite and on PostgreSQL.
 * It measures and prints; it asserts nothing (the N+1 test in styrmin-backend does).
 *
 *   node -r @backstage/cli/config/nodeTransform.cjs scripts/bench-deployments.ts
 *
 * PostgreSQL runs when STYRMIN_POSTGRES_URL names a server (source scripts/postgres.sh &&
 * styrmin_pg_start); each run gets a throw-away database there. Deployments are created
 * through the GraphQL API of the plugin as plugin.ts wires it, ten per environment, with their
 * instances, tasks and flow runs (bench-support.ts, which bench-backend-reads.ts shares).
 */
import { performance } from 'node:perf_hooks';
import {
  countQueries,
  databases,
  loadLine,
  percentile,
  printTable,
  seedThroughApi,
  setUp,
} from './bench-support';

const SIZES = [10, 100, 1_000];
const PER_ENVIRONMENT = 10;
const PAGE_SIZE = 100;
/** How often the first page is read, for the latency figures. */
const REPEATS = 20;

const LIST = /* GraphQL */ `
  query List($first: Int, $after: String) {
    deployments(first: $first, after: $after) {
      nodes {
        id
        name
        state
        configuration
        environment {
          name
          cluster {
            name
          }
        }
        driverVersion {
          name
          version
        }
        activeInstance {
          number
          context
          task {
            type
            status
            result
          }
        }
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`;

async function main() {
  const rows: string[][] = [
    [
      'engine',
      'deployments',
      'pages of 100',
      'queries/request',
      'first page p50 ms',
      'first page p95 ms',
      'all pages ms',
      'seeding s',
    ],
  ];
  const stops: Array<() => Promise<void>> = [];
  for (const size of SIZES) {
    for (const { engine, knex, drop } of await databases()) {
      try {
        const setup = await setUp(knex);
        stops.push(setup.stop);
        const seeding = performance.now();
        await seedThroughApi(setup, {
          count: size,
          perEnvironment: PER_ENVIRONMENT,
        });
        const seeded = (performance.now() - seeding) / 1000;

        const request = async (after?: string) =>
          (await setup.execute(LIST, { first: PAGE_SIZE, after })).deployments;

        const perRequest = new Set<number>();
        let pages = 0;
        const walking = performance.now();
        for (let after: string | undefined; ; pages++) {
          const { queries, result: page } = await countQueries(knex, () =>
            request(after),
          );
          perRequest.add(queries);
          if (!page.pageInfo.hasNextPage) {
            pages++;
            break;
          }
          after = page.pageInfo.endCursor;
        }
        const walked = performance.now() - walking;

        const latencies: number[] = [];
        for (let i = 0; i < REPEATS; i++) {
          const start = performance.now();
          await request();
          latencies.push(performance.now() - start);
        }
        rows.push([
          engine,
          String(size),
          String(pages),
          [...perRequest].join(', '),
          percentile(latencies, 0.5).toFixed(1),
          percentile(latencies, 0.95).toFixed(1),
          walked.toFixed(0),
          seeded.toFixed(1),
        ]);
        process.stderr.write(`${engine} ${size}: done\n`);
      } finally {
        await Promise.all(stops.splice(0).map(stop => stop()));
        await drop();
      }
    }
  }
  printTable(rows);
  process.stdout.write(`\n${loadLine()}\n`);
}

main().catch(error => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exitCode = 1;
});
