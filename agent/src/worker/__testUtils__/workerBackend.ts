import { TestDatabases } from '@backstage/backend-test-utils';
// eslint-disable-next-line @backstage/no-forbidden-package-imports, @backstage/no-mixed-plugin-imports -- the server's own agent-protocol test backend, for the worker's unit tests
import {
  AgentProtocolBackend,
  AgentProtocolCluster,
  startAgentProtocolBackend,
} from '@styrmin/plugin-styrmin-backend/src/__testUtils__/agentProtocolBackend';
import { AgentProtocol } from '@styrmin/sdk';
import { randomUUID } from 'node:crypto';
import { memoryLogger } from '../../__testUtils__/operatorSandbox';
import { ClaimedRun } from '../ClaimedRun';

export type { AgentProtocolBackend, AgentProtocolCluster };

/**
 * The real server's agent protocol on SQLite (the backend's own test helper), with the
 * infrahub 1.0.0 example driver loaded, started before the tests of the calling `describe`.
 * Each test takes a cluster of its own. Call it while the tests are defined.
 */
export function useWorkerBackend(): () => AgentProtocolBackend {
  const databases = TestDatabases.create({ ids: ['SQLITE_3'] });
  let backend: AgentProtocolBackend | undefined;
  beforeAll(async () => {
    backend = await startAgentProtocolBackend({
      knex: await databases.init('SQLITE_3'),
      load: ['infrahub/1.0.0'],
    });
  });
  return () => backend!;
}

/** How a test holds a run. */
export interface HoldRunOptions {
  /** Wraps the cluster's protocol client: to drop answers, count calls. */
  protocol?: (client: AgentProtocol) => AgentProtocol;
  /** Replaces the run's lease length, for heartbeats within a test. */
  leaseSeconds?: number;
}

/** A claimed run as the worker holds it, with what stops it and the cluster it came from. */
export interface HeldRun {
  cluster: AgentProtocolCluster;
  claimed: ClaimedRun;
  owner: string;
  /** Aborting it is the agent stopping. */
  stop: AbortController;
  logger: ReturnType<typeof memoryLogger>;
}

/**
 * Creates an infrahub deployment on a new cluster and holds the run of its CREATE_INSTANCE
 * task, through `protocol` when given (a wrapper of the cluster's client), else the client.
 */
export async function holdCreateRun(
  backend: AgentProtocolBackend,
  options: HoldRunOptions = {},
): Promise<HeldRun> {
  const cluster = await backend.newCluster();
  await cluster.createInfrahub();
  return holdNextRun(cluster, options);
}

/** Claims the next run of the cluster's pool and holds it. */
export async function holdNextRun(
  cluster: AgentProtocolCluster,
  options: HoldRunOptions = {},
): Promise<HeldRun> {
  const owner = `agent-${randomUUID().slice(0, 8)}`;
  const run = (await cluster.agent.claim({ owner }))!;
  const stop = new AbortController();
  const logger = memoryLogger();
  const claimed = ClaimedRun.hold({
    client: options.protocol?.(cluster.agent) ?? cluster.agent,
    run: options.leaseSeconds
      ? { ...run, leaseSeconds: options.leaseSeconds }
      : run,
    owner,
    logger,
    stopSignal: stop.signal,
    retryDelayMs: 1,
  });
  return { cluster, claimed, owner, stop, logger };
}

/**
 * The protocol with some calls replaced: `calls` counts every call by method, and a
 * replacement gets the real call to make or not.
 */
export function interceptedProtocol(
  client: AgentProtocol,
  replace: {
    [M in keyof AgentProtocol]?: (
      real: AgentProtocol[M],
      ...args: Parameters<AgentProtocol[M]>
    ) => ReturnType<AgentProtocol[M]>;
  },
): AgentProtocol & { calls: Record<string, number> } {
  const calls: Record<string, number> = {};
  const methods = [
    'info',
    'claim',
    'heartbeat',
    'startStep',
    'endStep',
    'linkStartedTask',
    'startTask',
    'completeRun',
    'bundle',
    'reportDeploymentStatus',
  ] as const;
  const protocol = Object.fromEntries(
    methods.map(method => [
      method,
      (...args: unknown[]) => {
        calls[method] = (calls[method] ?? 0) + 1;
        const real = (client[method] as Function).bind(client);
        const replacement = replace[method] as Function | undefined;
        return replacement ? replacement(real, ...args) : real(...args);
      },
    ]),
  ) as unknown as AgentProtocol;
  return Object.assign(protocol, { calls });
}
