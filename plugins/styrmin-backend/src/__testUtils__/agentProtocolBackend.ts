import {
  BackendFeature,
  createServiceFactory,
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
import { AddressInfo } from 'node:net';
import { styrminClockServiceRef } from '../database/clockServiceRef';
import { styrminPlugin } from '../plugin';
import { AdvancingClock } from './AdvancingClock';
import { EXAMPLE_DRIVERS } from './exampleDrivers';

/** The user whose role is read-only: every read permission, nothing else. */
export const READ_ONLY_USER = 'user:default/reader';

type ScheduledTask = SchedulerServiceTaskScheduleDefinition &
  SchedulerServiceTaskInvocationDefinition;

/**
 * The Styrmin plugin in a test backend on `knex`, listening on a port: the GraphQL API and
 * the agent protocol, on an advancing clock. Its scheduled tasks (the lease sweep, the
 * server pool's worker) never run by themselves: `runScheduledTask` runs one, so that a test
 * decides when leases expire. Users may do everything, but {@link READ_ONLY_USER}, who may
 * only read. `features` adds to the backend, or replaces the services it names.
 */
export async function startAgentProtocolBackend(options: {
  knex: Knex;
  clock?: AdvancingClock;
  features?: BackendFeature[];
}) {
  const { knex, clock = new AdvancingClock(), features = [] } = options;
  /** What the plugin logged as errors: a 500's cause, for the test to show. */
  const loggedErrors: string[] = [];
  const logger = mockServices.logger.mock({
    error: (message: string, meta?: Error | object) => {
      loggedErrors.push(
        `${message}${meta instanceof Error ? `: ${meta.stack}` : ''}`,
      );
    },
  });
  logger.child.mockImplementation(() => logger);
  const scheduled = new Map<string, ScheduledTask>();
  const scheduler = mockServices.scheduler.mock({
    scheduleTask: async task => {
      scheduled.set(task.id, task as ScheduledTask);
    },
  });
  const permissions = mockServices.permissions.mock({
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
  });
  const { server } = await startTestBackend({
    features: [
      styrminPlugin,
      mockServices.database.factory({ knex }),
      mockServices.rootConfig.factory({
        data: {
          styrmin: { drivers: { allowedDirectories: [EXAMPLE_DRIVERS] } },
        },
      }),
      logger.factory,
      scheduler.factory,
      permissions.factory,
      createServiceFactory({
        service: styrminClockServiceRef,
        deps: {},
        factory: () => clock,
      }),
      ...features,
    ],
  });
  const serverUrl = `http://localhost:${
    (server.address() as AddressInfo).port
  }`;
  const graphqlClient = (user = 'user:default/ada') =>
    StyrminClient.create({
      baseUrl: `${serverUrl}/api/styrmin`,
      token: mockCredentials.user.token(user),
    });
  return {
    server,
    serverUrl,
    clock,
    loggedErrors,
    styrmin: graphqlClient(),
    readOnly: graphqlClient(READ_ONLY_USER),
    agentClient: (token: string) =>
      AgentProtocolClient.create({ serverUrl, token }),
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

/**
 * The example drivers loaded, a cluster `local` with its agent token, and an environment
 * `dev` on it, through the GraphQL API.
 */
export async function seedCluster(
  styrmin: StyrminClient,
  options: { cluster?: string; environment?: string } = {},
) {
  const { cluster: clusterName = 'local', environment = 'dev' } = options;
  for (const path of ['infrahub/1.0.0', 'infrahub/1.1.0', 'semaphore/1.0.0']) {
    await styrmin.loadDriver({
      source: 'DIRECTORY',
      path: `${EXAMPLE_DRIVERS}/${path}`,
    });
  }
  const { cluster, agentToken } = await styrmin.registerCluster({
    name: clusterName,
    settings: { storage_class: 'standard' },
  });
  const dev = await styrmin.createEnvironment({
    name: environment,
    cluster: cluster.id,
  });
  return { cluster, agentToken, environment: dev };
}
