import {
  BackendFeature,
  createServiceFactory,
  DatabaseService,
  PermissionsService,
  ServiceFactory,
  SchedulerServiceTaskInvocationDefinition,
  SchedulerServiceTaskScheduleDefinition,
} from '@backstage/backend-plugin-api';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import {
  AuthorizeResult,
  DefinitivePolicyDecision,
} from '@backstage/plugin-permission-common';
import { AgentProtocolClient, StyrminClient } from '@styrmin/sdk';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { AddressInfo } from 'node:net';
import { styrminClockServiceRef } from '../database/clockServiceRef';
import { styrminPlugin } from '../plugin';
import { AdvancingClock } from './AdvancingClock';
import { EXAMPLE_DRIVERS } from './exampleDrivers';
import { INFRAHUB_CONFIGURATION } from './reconciliation';
import { TEST_SECRETS_CONFIG } from './secretBox';

/** The user whose role is read-only: every read permission, nothing else. */
export const READ_ONLY_USER = 'user:default/reader';

type ScheduledTask = SchedulerServiceTaskScheduleDefinition &
  SchedulerServiceTaskInvocationDefinition;

/**
 * The Styrmin plugin in a test backend on `knex`, listening on a port: the GraphQL API and
 * the agent protocol, on an advancing clock. Its scheduled tasks (the lease sweep, the
 * server pool's worker) never run by themselves: `runScheduledTask` runs one, so that a test
 * decides when leases expire. Users may do everything, but {@link READ_ONLY_USER}, who may
 * only read, unless `permissions` decides instead. `features` adds to the backend, or
 * replaces the services it names; `database` replaces the plugins' one database on `knex`
 * (for plugins that need one of their own); `styrminConfig` adds to the plugin's
 * configuration and `config` to the backend's (for other plugins); the
 * example driver versions that `load` names are loaded through the API once it listens.
 */
export async function startAgentProtocolBackend(options: {
  knex: Knex;
  clock?: AdvancingClock;
  features?: BackendFeature[];
  permissions?: ServiceFactory<PermissionsService>;
  database?: ServiceFactory<DatabaseService>;
  styrminConfig?: Record<string, unknown>;
  config?: Record<string, unknown>;
  load?: string[];
}) {
  const {
    knex,
    clock = new AdvancingClock(),
    features = [],
    load = [],
    styrminConfig = {},
  } = options;
  /** What the plugin logged as errors: a 500's cause, for the test to show. */
  const loggedErrors: string[] = [];
  /** Everything the plugin logged, at every level, with its metadata: what may not leak. */
  const logged: string[] = [];
  const log = (level: string) => (message: string, meta?: Error | object) => {
    logged.push(
      `${level} ${message} ${
        meta instanceof Error ? meta.stack : JSON.stringify(meta ?? {})
      }`,
    );
    if (level === 'error') {
      loggedErrors.push(
        `${message}${meta instanceof Error ? `: ${meta.stack}` : ''}`,
      );
    }
  };
  const logger = mockServices.logger.mock({
    error: log('error'),
    warn: log('warn'),
    info: log('info'),
    debug: log('debug'),
  });
  logger.child.mockImplementation(() => logger);
  const scheduled = new Map<string, ScheduledTask>();
  const scheduleTask = async (task: ScheduledTask) => {
    scheduled.set(task.id, task);
  };
  const scheduler = mockServices.scheduler.mock({
    scheduleTask,
    // Other plugins' runners (the notifications backend's cleanup) are held the same way.
    createScheduledTaskRunner: schedule => ({
      run: async task => scheduleTask({ ...schedule, ...task }),
    }),
  });
  const permissions =
    options.permissions ??
    mockServices.permissions.mock({
      authorize: async (requests, { credentials }) =>
        requests.map(
          (request): DefinitivePolicyDecision => ({
            result:
              (credentials.principal as { userEntityRef?: string })
                .userEntityRef !== READ_ONLY_USER ||
              (request.permission.attributes as { action?: string }).action ===
                'read'
                ? AuthorizeResult.ALLOW
                : AuthorizeResult.DENY,
          }),
        ),
    }).factory;
  const backend = await startTestBackend({
    features: [
      styrminPlugin,
      options.database ?? mockServices.database.factory({ knex }),
      mockServices.rootConfig.factory({
        data: {
          ...options.config,
          styrmin: {
            drivers: { allowedDirectories: [EXAMPLE_DRIVERS] },
            // One key for every replica, as replicas of a real backend share theirs.
            secrets: TEST_SECRETS_CONFIG,
            ...styrminConfig,
          },
        },
      }),
      logger.factory,
      scheduler.factory,
      permissions,
      createServiceFactory({
        service: styrminClockServiceRef,
        deps: {},
        factory: () => clock,
      }),
      ...features,
    ],
  });
  const { server } = backend;
  const serverUrl = `http://localhost:${
    (server.address() as AddressInfo).port
  }`;
  const graphqlClient = (user = 'user:default/ada') =>
    StyrminClient.create({
      baseUrl: `${serverUrl}/api/styrmin`,
      token: mockCredentials.user.token(user),
    });
  const styrmin = graphqlClient();
  for (const path of load) {
    await styrmin.loadDriver({
      source: 'DIRECTORY',
      path: `${EXAMPLE_DRIVERS}/${path}`,
    });
  }
  const agentClient = (token: string) =>
    AgentProtocolClient.create({ serverUrl, token });
  return {
    server,
    /** Stops the backend: the server pool's worker lets its runs go after its grace. */
    stop: () => backend.stop(),
    serverUrl,
    clock,
    loggedErrors,
    logged,
    styrmin,
    readOnly: graphqlClient(READ_ONLY_USER),
    agentClient,
    /**
     * A cluster `c-<suffix>` of its own (its own work pool) with an environment `e-<suffix>`,
     * its agent, and `createInfrahub`, which creates an infrahub 1.0.0 deployment there (the
     * version must be loaded). The suffix is random unless given.
     */
    async newCluster(suffix = randomUUID().slice(0, 8)) {
      const { cluster, agentToken } = await styrmin.registerCluster({
        name: `c-${suffix}`,
        settings: { storage_class: 'standard' },
      });
      const environment = await styrmin.createEnvironment({
        name: `e-${suffix}`,
        cluster: cluster.id,
      });
      const createInfrahub = (name = 'infrahub') =>
        styrmin.createDeployment({
          environment: environment.id,
          name,
          driver: 'infrahub',
          driverVersion: '1.0.0',
          configuration: INFRAHUB_CONFIGURATION,
        });
      return {
        cluster,
        agentToken,
        environment,
        agent: agentClient(agentToken),
        createInfrahub,
      };
    },
    /** Runs a scheduled task of the plugin once, as the scheduler would. */
    async runScheduledTask(id: string): Promise<void> {
      const task = scheduled.get(id);
      if (!task) {
        throw new Error(`No scheduled task ${id}`);
      }
      await task.fn(new AbortController().signal);
    },
    /** Runs the lease-expiry sweep once. */
    sweepLeases(): Promise<void> {
      return this.runScheduledTask('styrmin-flow-run-lease-sweep');
    },
  };
}

/** What {@link startAgentProtocolBackend} started. */
export type AgentProtocolBackend = Awaited<
  ReturnType<typeof startAgentProtocolBackend>
>;

/** What {@link AgentProtocolBackend.newCluster} made. */
export type AgentProtocolCluster = Awaited<
  ReturnType<AgentProtocolBackend['newCluster']>
>;
