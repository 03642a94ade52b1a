/*
 * Prints what listing deployments costs through the GraphQL API: database queries per
 * request and latency, for 10, 100 and 1,000 deployments, on SQLite and on PostgreSQL.
 * It measures and prints; it asserts nothing (the N+1 test in styrmin-backend does).
 *
 *   node -r @backstage/cli/config/nodeTransform.cjs scripts/bench-deployments.ts
 *
 * PostgreSQL runs when STYRMIN_POSTGRES_URL names a server (source scripts/postgres.sh &&
 * styrmin_pg_start); each run gets a throw-away database there. Deployments are created
 * through the change services, ten per environment, with their instances, tasks and flow runs.
 */
import {
  AuditorService,
  DatabaseService,
  LoggerService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import knexFactory, { Knex } from 'knex';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readDriverDirectory } from '@styrmin/plugin-styrmin-node';
import { createBackupStores } from '../plugins/styrmin-backend/src/backups/createBackupStores';
import { DeploymentBackups } from '../plugins/styrmin-backend/src/backups/DeploymentBackups';
import { DatabaseEnvironmentBackupStore } from '../plugins/styrmin-backend/src/environmentOperations/DatabaseEnvironmentBackupStore';
import { EnvironmentBackups } from '../plugins/styrmin-backend/src/environmentOperations/EnvironmentBackups';
import { EnvironmentUpgrades } from '../plugins/styrmin-backend/src/environmentOperations/EnvironmentUpgrades';
import { EnvironmentRestores } from '../plugins/styrmin-backend/src/environmentOperations/EnvironmentRestores';
import { EnvironmentClones } from '../plugins/styrmin-backend/src/environmentOperations/EnvironmentClones';
import { DatabaseClusterStore } from '../plugins/styrmin-backend/src/clusters/DatabaseClusterStore';
import { systemClock } from '../plugins/styrmin-backend/src/database/Clock';
import { DatabaseServerInfoStore } from '../plugins/styrmin-backend/src/database/DatabaseServerInfoStore';
import { DatabaseDeploymentStore } from '../plugins/styrmin-backend/src/deployments/DatabaseDeploymentStore';
import { DatabaseDriverStore } from '../plugins/styrmin-backend/src/drivers/DatabaseDriverStore';
import { DriverLoader } from '../plugins/styrmin-backend/src/drivers/DriverLoader';
import { ServerDirectoryPolicy } from '../plugins/styrmin-backend/src/drivers/ServerDirectoryPolicy';
import { GitSourcePolicy } from '../plugins/styrmin-backend/src/drivers/GitSourcePolicy';
import { DatabaseEnvironmentStore } from '../plugins/styrmin-backend/src/environments/DatabaseEnvironmentStore';
import { DatabaseFlowRunStore } from '../plugins/styrmin-backend/src/flows/DatabaseFlowRunStore';
import { FlowRunBroker } from '../plugins/styrmin-backend/src/flows/FlowRunBroker';
import { StyrminGraphQL } from '../plugins/styrmin-backend/src/graphql/StyrminGraphQL';
import { DatabaseInstanceStore } from '../plugins/styrmin-backend/src/instances/DatabaseInstanceStore';
import { DatabaseObservedStateStore } from '../plugins/styrmin-backend/src/observedState/DatabaseObservedStateStore';
import { AesGcmSecretBox } from '../plugins/styrmin-backend/src/secrets/AesGcmSecretBox';
import { createChangeServices } from '../plugins/styrmin-backend/src/reconciliation/createChangeServices';
import { DatabaseTaskStore } from '../plugins/styrmin-backend/src/tasks/DatabaseTaskStore';
import { DatabasePlanStore } from '../plugins/styrmin-backend/src/plans/DatabasePlanStore';
import { DeploymentPlans } from '../plugins/styrmin-backend/src/plans/DeploymentPlans';

const SIZES = [10, 100, 1_000];
const PER_ENVIRONMENT = 10;
const PAGE_SIZE = 100;
/** How often the first page is read, for the latency figures. */
const REPEATS = 20;
const WHO = 'user:default/bench';

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

const silent: LoggerService = {
  error() {},
  warn() {},
  info() {},
  debug() {},
  child: () => silent,
};

// The benchmark measures the API, not the audit trail.
const unaudited: AuditorService = {
  createEvent: async () => ({ success: async () => {}, fail: async () => {} }),
};

const allowAll: PermissionsService = {
  authorize: async requests =>
    requests.map(() => ({ result: AuthorizeResult.ALLOW })),
  authorizeConditional: async requests =>
    requests.map(() => ({ result: AuthorizeResult.ALLOW })),
};

const credentials = {
  $$type: '@backstage/BackstageCredentials' as const,
  principal: { type: 'user' as const, userEntityRef: WHO },
};

/** A fresh database on each engine that is available, and how to drop it. */
async function databases(): Promise<
  Array<{ engine: string; knex: Knex; drop: () => Promise<void> }>
> {
  const sqlite = knexFactory({
    client: 'better-sqlite3',
    connection: ':memory:',
    useNullAsDefault: true,
  });
  const all = [
    { engine: 'SQLITE', knex: sqlite, drop: () => sqlite.destroy() },
  ];
  const url = process.env.STYRMIN_POSTGRES_URL;
  if (url) {
    const name = `styrmin_bench_${randomBytes(4).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: url });
    await admin.raw('create database ??', [name]);
    const knex = knexFactory({
      client: 'pg',
      connection: `${url.replace(/\/$/, '')}/${name}`,
    });
    all.push({
      engine: 'POSTGRESQL',
      knex,
      drop: async () => {
        await knex.destroy();
        await admin.raw('drop database ??', [name]);
        await admin.destroy();
      },
    });
  }
  return all;
}

async function setUp(knex: Knex) {
  const database: DatabaseService = { getClient: async () => knex };
  const drivers = await DatabaseDriverStore.create({ database });
  const flowRuns = await DatabaseFlowRunStore.create({ database });
  // Sealing is part of every write the benchmark measures.
  const secretBox = AesGcmSecretBox.create({
    keys: [{ id: 'bench', secret: AesGcmSecretBox.generateKey() }],
  });
  const tasks = await DatabaseTaskStore.create({ database, secretBox });
  const stores = {
    clusters: await DatabaseClusterStore.create({ database }),
    environments: await DatabaseEnvironmentStore.create({ database }),
    deployments: await DatabaseDeploymentStore.create({ database, secretBox }),
    instances: await DatabaseInstanceStore.create({ database, secretBox }),
    observedState: await DatabaseObservedStateStore.create({ database }),
    drivers,
    flowRuns,
    tasks,
    ...(await createBackupStores({ database })),
    environmentBackups: await DatabaseEnvironmentBackupStore.create({
      database,
      secretBox,
    }),
  };
  const broker = await FlowRunBroker.create({
    database,
    flowRuns,
    tasks,
    logger: silent,
  });
  // No one listens for live updates here.
  const changeServices = createChangeServices({
    knex,
    broker,
    changes: { notify: () => undefined },
    ...stores,
  });
  const deploymentBackups = DeploymentBackups.create({
    ...stores,
    ...changeServices,
    knex,
    clock: systemClock,
    logger: silent,
  });
  const graphql = StyrminGraphQL.create({
    serverInfo: await DatabaseServerInfoStore.create({ database }),
    drivers: {
      loader: DriverLoader.create({
        store: drivers,
        directories: ServerDirectoryPolicy.create({ allowedDirectories: [] }),
        git: GitSourcePolicy.create(),
        logger: silent,
      }),
    },
    records: {
      ...stores,
      ...changeServices,
      deploymentPlans: DeploymentPlans.create({
        ...stores,
        knex,
        clock: systemClock,
        plans: await DatabasePlanStore.create({ database, secretBox }),
        deploymentChanges: changeServices.deploymentChanges,
      }),
      deploymentBackups,
      environmentBackupService: EnvironmentBackups.create({
        ...stores,
        knex,
        deploymentBackups,
      }),
      environmentUpgrades: EnvironmentUpgrades.create({
        ...stores,
        ...changeServices,
        knex,
      }),
      environmentRestores: EnvironmentRestores.create({
        ...stores,
        ...changeServices,
        knex,
        clock: systemClock,
      }),
      environmentClones: EnvironmentClones.create({
        ...stores,
        ...changeServices,
        knex,
        clock: systemClock,
        changes: { notify: () => undefined },
      }),
      clock: systemClock,
    },
    permissions: allowAll,
    auditor: unaudited,
    logger: silent,
  });
  const read = await readDriverDirectory(
    join(__dirname, '..', 'drivers', 'infrahub', '1.0.0'),
  );
  if (!read.success) {
    throw new Error('drivers/infrahub/1.0.0 has problems');
  }
  await drivers.loadDriverVersion({
    bundle: read.bundle,
    source: { type: 'UPLOAD' },
    loadedBy: WHO,
  });
  const { cluster } = await stores.clusters.registerCluster({
    name: 'bench',
    settings: {},
    createdBy: WHO,
  });
  return { ...stores, ...changeServices, graphql, cluster };
}

async function seed(setup: Awaited<ReturnType<typeof setUp>>, count: number) {
  for (let d = 0; d < count; d++) {
    const e = Math.floor(d / PER_ENVIRONMENT);
    const environment =
      (await setup.environments.getEnvironment({ name: `e${e}` })) ??
      (await setup.environments.createEnvironment({
        name: `e${e}`,
        clusterId: setup.cluster.id,
        overrides: {},
        createdBy: WHO,
      }));
    await setup.deploymentChanges.createDeployment({
      environmentId: environment.id,
      name: `d${d}`,
      driver: { name: 'infrahub', version: '1.0.0' },
      configuration: {
        app_version: '1.5.2',
        parameters: { admin_password: 'a bench password' },
      },
      createdBy: WHO,
    });
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

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
  for (const size of SIZES) {
    for (const { engine, knex, drop } of await databases()) {
      try {
        const setup = await setUp(knex);
        const seeding = performance.now();
        await seed(setup, size);
        const seeded = (performance.now() - seeding) / 1000;

        let queries = 0;
        knex.on('query', () => {
          queries++;
        });
        const request = async (after?: string) => {
          const result = await setup.graphql.execute(
            { query: LIST, variables: { first: PAGE_SIZE, after } },
            { credentials },
          );
          if (result.errors) {
            throw new Error(JSON.stringify(result.errors));
          }
          return (result.data as any).deployments;
        };

        const perRequest = new Set<number>();
        let pages = 0;
        const walking = performance.now();
        for (let after: string | undefined; ; pages++) {
          queries = 0;
          const page = await request(after);
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
        await drop();
      }
    }
  }
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

main().catch(error => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exitCode = 1;
});
