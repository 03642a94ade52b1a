/*
 * What the backend's benchmark scripts share: a throw-away database on each engine, the
 * styrmin plugin on it as plugin.ts wires it (a Backstage test backend listening on a port;
 * its scheduled tasks run only when a script runs them), fast seeding, query counting and
 * the printing of figures. It runs nothing by itself.
 */
import {
  coreServices,
  createServiceFactory,
  SchedulerService,
  SchedulerServiceTaskInvocationDefinition,
  SchedulerServiceTaskScheduleDefinition,
} from '@backstage/backend-plugin-api';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { AgentProtocolClient, StyrminClient } from '@styrmin/sdk';
import knexFactory, { Knex } from 'knex';
import { randomBytes, randomUUID } from 'node:crypto';
import { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { styrminPlugin } from '../plugins/styrmin-backend/src/plugin';

export { countQueries } from '../plugins/styrmin-backend/src/__testUtils__/countQueries';

export const WHO = 'user:default/bench';

/** A throw-away database on one engine, and how to drop it. */
export type BenchDatabase = {
  engine: 'SQLITE' | 'POSTGRESQL';
  knex: Knex;
  /** PostgreSQL's connection string, for another process (a replica). */
  connection?: string;
  drop: () => Promise<void>;
};

/** A fresh database on PostgreSQL, when STYRMIN_POSTGRES_URL names a server. */
export async function postgresDatabase(): Promise<BenchDatabase | undefined> {
  const url = process.env.STYRMIN_POSTGRES_URL;
  if (!url) {
    return undefined;
  }
  const name = `styrmin_bench_${randomBytes(4).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: url });
  await admin.raw('create database ??', [name]);
  const connection = `${url.replace(/\/$/, '')}/${name}`;
  const knex = knexFactory({ client: 'pg', connection });
  return {
    engine: 'POSTGRESQL',
    knex,
    connection,
    drop: async () => {
      await knex.destroy();
      await admin.raw('drop database ?? with (force)', [name]);
      await admin.destroy();
    },
  };
}

/** A fresh database on each engine that is available: SQLite in memory, and PostgreSQL. */
export async function databases(): Promise<BenchDatabase[]> {
  const sqlite = knexFactory({
    client: 'better-sqlite3',
    connection: ':memory:',
    useNullAsDefault: true,
  });
  const postgres = await postgresDatabase();
  return [
    { engine: 'SQLITE', knex: sqlite, drop: () => sqlite.destroy() },
    ...(postgres ? [postgres] : []),
  ];
}

type ScheduledTask = SchedulerServiceTaskScheduleDefinition &
  SchedulerServiceTaskInvocationDefinition;

/**
 * A scheduler that keeps the plugin's tasks (the lease sweep, the server pool's worker,
 * backup schedules) for the script to run: a figure counts only the queries it causes.
 */
function heldScheduler(scheduled: Map<string, ScheduledTask>) {
  const scheduler: SchedulerService = {
    scheduleTask: async task => {
      scheduled.set(task.id, task);
    },
    triggerTask: async () => {},
    cancelTask: async id => {
      scheduled.delete(id);
    },
    createScheduledTaskRunner: schedule => ({
      run: task => scheduler.scheduleTask({ ...schedule, ...task }),
    }),
    getScheduledTasks: async () => [],
  };
  return createServiceFactory({
    service: coreServices.scheduler,
    deps: {},
    factory: () => scheduler,
  });
}

/** The key every benchmark backend seals with: replicas of one database share theirs. */
const SECRETS = {
  keys: [{ id: 'bench', secret: Buffer.alloc(32, 7).toString('base64') }],
};
const DRIVERS = join(__dirname, '..', 'drivers');

/**
 * The styrmin plugin on `knex` in a Backstage backend listening on a port, as plugin.ts
 * wires it; the first backend on a database loads drivers/infrahub/1.0.0 and registers the
 * cluster `bench` (`cluster` and its `agentToken`), the others (replicas) find them.
 */
export async function startBenchBackend(options: {
  knex: Knex;
  /** Added to the plugin's configuration (`styrmin.flows.leaseDuration`, ...). */
  styrminConfig?: Record<string, unknown>;
}) {
  const { knex, styrminConfig = {} } = options;
  const scheduled = new Map<string, ScheduledTask>();
  const backend = await startTestBackend({
    features: [
      styrminPlugin,
      mockServices.database.factory({ knex }),
      mockServices.rootConfig.factory({
        data: {
          styrmin: {
            secrets: SECRETS,
            drivers: { allowedDirectories: [DRIVERS] },
            ...styrminConfig,
          },
        },
      }),
      heldScheduler(scheduled),
    ],
  });
  const serverUrl = `http://localhost:${
    (backend.server.address() as AddressInfo).port
  }`;
  const token = mockCredentials.user.token(WHO);
  const sdk = StyrminClient.create({
    baseUrl: `${serverUrl}/api/styrmin`,
    token,
  });
  /** Posts a GraphQL document as {@link WHO}; errors throw. */
  const execute = async <T = any>(
    query: string,
    variables: Record<string, unknown> = {},
  ): Promise<T> => {
    const response = await fetch(`${serverUrl}/api/styrmin/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ query, variables }),
    });
    const answer = await response.json();
    if (answer.errors) {
      throw new Error(JSON.stringify(answer.errors));
    }
    return answer.data as T;
  };
  return {
    knex,
    serverUrl,
    sdk,
    execute,
    agent: (agentToken: string) =>
      AgentProtocolClient.create({ serverUrl, token: agentToken }),
    /** Runs one of the plugin's scheduled tasks once, as the scheduler would. */
    async runScheduledTask(id: string) {
      const task = scheduled.get(id);
      if (!task) {
        throw new Error(`No scheduled task ${id}`);
      }
      await task.fn(new AbortController().signal);
    },
    stop: () => backend.stop(),
  };
}

/** What {@link startBenchBackend} returns. */
export type BenchBackend = Awaited<ReturnType<typeof startBenchBackend>>;

/**
 * A backend on `knex` with drivers/infrahub/1.0.0 loaded and the cluster `bench`
 * registered: what the benchmarks of the GraphQL API read.
 */
export async function setUp(
  knex: Knex,
  styrminConfig?: Record<string, unknown>,
) {
  const backend = await startBenchBackend({ knex, styrminConfig });
  await backend.sdk.loadDriver({
    source: 'DIRECTORY',
    path: join(DRIVERS, 'infrahub', '1.0.0'),
  });
  const { cluster, agentToken } = await backend.sdk.registerCluster({
    name: 'bench',
    settings: {},
  });
  return { ...backend, cluster, agentToken };
}

/** What {@link setUp} returns. */
export type BenchSetup = Awaited<ReturnType<typeof setUp>>;

/** The configuration every seeded deployment gets: a secret parameter included. */
const CONFIGURATION = {
  app_version: '1.5.2',
  parameters: { admin_password: 'a bench password' },
};

/**
 * Creates `count` deployments `d<n>` through the GraphQL API (deployment, instance, task,
 * steps and flow run as the API writes them), `perEnvironment` to an environment `e<n>`,
 * numbering from `from`; returns their ids.
 */
export async function seedThroughApi(
  setup: BenchSetup,
  options: { count: number; perEnvironment: number; from?: number },
): Promise<string[]> {
  const { count, perEnvironment, from = 0 } = options;
  const environments = new Map<string, string>();
  const ids: string[] = [];
  for (let d = from; d < from + count; d++) {
    const name = `e${Math.floor(d / perEnvironment)}`;
    let environment = environments.get(name);
    if (!environment) {
      environment =
        (await setup.sdk.environment({ name }))?.id ??
        (
          await setup.sdk.createEnvironment({
            name,
            cluster: setup.cluster.id,
          })
        ).id;
      environments.set(name, environment);
    }
    const { deployment } = await setup.sdk.createDeployment({
      environment,
      name: `d${d}`,
      driver: 'infrahub',
      driverVersion: '1.0.0',
      configuration: CONFIGURATION,
    });
    ids.push(deployment.id);
  }
  return ids;
}

/** Every row of every table, as JSON per row, by table: what a seeding step added. */
async function snapshot(knex: Knex, tables: string[]) {
  const rows = new Map<string, Set<string>>();
  for (const table of tables) {
    rows.set(
      table,
      new Set((await knex(table).select()).map(row => JSON.stringify(row))),
    );
  }
  return rows;
}

async function styrminTables(knex: Knex): Promise<string[]> {
  const names =
    knex.client.config.client === 'pg'
      ? (
          await knex('pg_tables')
            .where({ schemaname: 'public' })
            .select('tablename as name')
        ).map(r => r.name)
      : (
          await knex('sqlite_master').where({ type: 'table' }).select('name')
        ).map(r => r.name);
  return names.filter(
    (name: string) =>
      name.startsWith('styrmin_') && !name.includes('migrations'),
  );
}

/**
 * Seeds environments `e<n>` of `perEnvironment` deployments each, fast: the template `e0`
 * is written now through the GraphQL API and the agent protocol (each deployment's
 * DeploymentStatus and three pods reported as the agent reports them),
 * and every other is a batch insert of copies of exactly the rows that wrote, with fresh ids
 * (every id of the template's new rows replaced wherever it occurs, JSON included), the
 * names numbered on, and the task sequence drawn anew. The sealed values are copied as
 * sealed: the header is their only associated data. `copy` makes the others, in ranges.
 */
export async function seedEnvironments(
  setup: BenchSetup,
  options: { perEnvironment: number },
) {
  const { perEnvironment } = options;
  const { knex } = setup;
  const tables = await styrminTables(knex);
  const before = await snapshot(knex, tables);
  // The order in which the template's rows were inserted is one their references allow.
  const order: string[] = [];
  const inserts = (query: { sql: string }) => {
    const table = /^insert into [`"]?(\w+)/i.exec(query.sql)?.[1];
    if (table && !order.includes(table)) {
      order.push(table);
    }
  };
  knex.on('query', inserts);
  try {
    const agent = setup.agent(setup.agentToken);
    for (const deploymentId of await seedThroughApi(setup, {
      count: perEnvironment,
      perEnvironment,
    })) {
      await agent.reportDeploymentStatus({
        deploymentId,
        observedAt: new Date().toISOString(),
        status: {
          observedGeneration: 1,
          conditions: [{ type: 'Ready', status: 'True', reason: 'Ready' }],
        },
        pods: ['server-0', 'server-1', 'database-0'].map(name => ({
          name,
          phase: 'Running' as const,
          ready: true,
          restarts: 0,
          component: name.split('-')[0],
        })),
      });
    }
  } finally {
    knex.removeListener('query', inserts);
  }
  const template = (await setup.sdk.environment({ name: 'e0' }))!;
  const after = await snapshot(knex, tables);
  // The ids the template's rows brought: every UUID in them that was not there before.
  const known = new Set(
    [...before.values()]
      .flatMap(rows => [...rows])
      .join('\n')
      .match(/[0-9a-f-]{36}/g) ?? [],
  );
  const added = new Map<string, Record<string, unknown>[]>();
  const templateIds = new Set<string>();
  for (const table of order.filter(t => t !== 'styrmin_environments')) {
    const rows = [...after.get(table)!]
      .filter(row => !before.get(table)!.has(row))
      .map(row => JSON.parse(row) as Record<string, unknown>);
    added.set(table, rows);
    for (const id of rows
      .map(row => JSON.stringify(row))
      .join('\n')
      .match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ??
      []) {
      if (!known.has(id)) {
        templateIds.add(id);
      }
    }
  }
  const [environmentRow] = await knex('styrmin_environments')
    .where({ id: template.id })
    .select();
  const postgres = knex.client.config.client === 'pg';
  let sequence = postgres
    ? 0
    : Number((await knex('styrmin_tasks').max({ m: 'sequence' }))[0].m);
  // The template's cluster too, for copies in another cluster (its work pool included).
  const idPattern = new RegExp(
    [...templateIds, setup.cluster.id].join('|'),
    'g',
  );
  /**
   * Copies the template to the environments numbered `from` up to `to` (excluded), in the
   * template's cluster or in `clusterId`.
   */
  const copy = async (range: {
    from: number;
    to: number;
    clusterId?: string;
  }) => {
    for (let e = Math.max(1, range.from); e < range.to; e++) {
      const fresh = new Map<string, string>(
        [...templateIds].map(id => [id, randomUUID()]),
      );
      fresh.set(setup.cluster.id, range.clusterId ?? setup.cluster.id);
      const renumber = (text: string) =>
        text.replace(idPattern, id => fresh.get(id)!);
      const copyOf = (table: string, row: Record<string, unknown>) => {
        const copy: Record<string, unknown> = {};
        for (const [column, value] of Object.entries(row)) {
          // JSON columns come back from PostgreSQL as objects, and go back in as JSON text.
          copy[column] =
            typeof value === 'string'
              ? renumber(value)
              : value !== null && typeof value === 'object'
              ? renumber(JSON.stringify(value))
              : value;
        }
        if (table === 'styrmin_deployments') {
          copy.name = `d${
            e * perEnvironment + Number(String(row.name).slice(1))
          }`;
        }
        if (table === 'styrmin_tasks') {
          if (postgres) {
            delete copy.sequence;
          } else {
            copy.sequence = ++sequence;
          }
        }
        return copy;
      };
      await knex.transaction(async tx => {
        await tx('styrmin_environments').insert({
          ...copyOf('styrmin_environments', environmentRow),
          name: `e${e}`,
        });
        for (const [table, rows] of added) {
          await tx.batchInsert(
            table,
            rows.map(row => copyOf(table, row)),
            500,
          );
        }
      });
    }
  };
  return { copy };
}

/** The `p` quantile (0 to 1) of `values`. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/** The machine's load while the figures were taken: two cores shared by many. */
export function loadLine(): string {
  return `load average ${loadavg()
    .map(n => n.toFixed(2))
    .join(' ')} (1, 5, 15 min)`;
}

/** Prints rows as columns, the first row the heading. */
export function printTable(rows: string[][]) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map(r => r[c].length)));
  for (const row of rows) {
    process.stdout.write(
      `${row
        .map((cell, c) => cell.padEnd(widths[c]))
        .join('  ')
        .trimEnd()}\n`,
    );
  }
}
