import { TestDatabases } from '@backstage/backend-test-utils';
import { StyrminClient } from '@styrmin/sdk';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Agent, AgentOptions } from '../Agent';
import { agentDenialsError } from './agentCredentials';
import { startE2eAgent, startE2eBackend, styrminctlAgainst } from './e2e';
import {
  ClusterView,
  memoryLogger,
  OperatorSandbox,
  startOperatorSandbox,
  waitFor,
} from './operatorSandbox';

/** The utilities Styrmin ships, at the repository's root. */
const UTILITIES = path.resolve(__dirname, '../../../utilities');

/** The admin password of the deployments `createInfrahub` makes. */
export const E2E_PASSWORD = 'correct horse battery staple';

/** What the end-to-end tests of one `describe` share, set up before its tests run. */
export interface E2eWorld {
  backend: Awaited<ReturnType<typeof startE2eBackend>>;
  client: StyrminClient;
  sandbox: OperatorSandbox;
  view: ClusterView;
  /** A folder of the tests' own, removed after them. */
  work: string;
  /** With `velero`, the folder under `work` where the sandbox's object store keeps its files. */
  objectStore: string;
  /** The agent's log. */
  logger: ReturnType<typeof memoryLogger>;
  styrminctl: ReturnType<typeof styrminctlAgainst>;
  /** Runs a styrminctl command that must succeed with -o json, and returns what it printed. */
  json(
    args: string[],
    options?: { stdin?: string; env?: Record<string, string> },
  ): Promise<any>;
  /**
   * Creates an infrahub 1.0.0 deployment `<environment>/infrahub` (application 1.5.2, its
   * admin password on stdin) with styrminctl; its id.
   */
  createInfrahub(environment: string): Promise<string>;
  /** Starts the agent in this process with the cluster's token; it stops after the tests. */
  startAgent(
    agentToken: string,
    options?: Pick<AgentOptions, 'locationsIntervalMs'> & {
      concurrency?: number;
    },
  ): Promise<Agent>;
  /** Waits (2 minutes at most) for a value; the error shows the end of the agent's log. */
  eventually<T>(
    check: () => Promise<T | undefined | false>,
    what: string,
  ): Promise<T>;
}

/**
 * The end-to-end setup: a real backend on SQLite, kube-sandbox with Flux (and Velero's
 * stand-in with `velero`), styrminctl against the backend, and the agent once a test
 * starts it, under its chart's RBAC; everything stopped and removed after the tests of the
 * calling `describe`, which fail if the sandbox answered the agent a 403.
 * Call it while the tests are defined; the fields are there once they run.
 */
export function useE2eWorld(
  options: {
    velero?: boolean;
    /** The utilities Styrmin ships (the repository's utilities/): clusters get them. */
    utilities?: boolean;
  } = {},
): E2eWorld {
  const databases = TestDatabases.create({ ids: ['SQLITE_3'] });
  const world = { logger: memoryLogger() } as E2eWorld;
  let agent: Agent | undefined;

  beforeAll(async () => {
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'agent-e2e-'));
    const backend = await startE2eBackend({
      knex: await databases.init('SQLITE_3'),
      utilitiesDirectory: options.utilities ? UTILITIES : undefined,
    });
    const objectStore = path.join(work, 'object-store');
    const sandbox = await startOperatorSandbox({
      velero: options.velero && { directory: objectStore },
    });
    const styrminctl = styrminctlAgainst(backend);
    Object.assign(world, {
      backend,
      client: backend.client,
      sandbox,
      view: new ClusterView(sandbox),
      work,
      objectStore,
      styrminctl,
      json: async (args, runOptions) => {
        const result = await styrminctl([...args, '-o', 'json'], runOptions);
        if (result.exitCode !== 0) {
          throw new Error(
            `styrminctl ${args.join(' ')} failed: ${result.stderr}`,
          );
        }
        return JSON.parse(result.stdout);
      },
      createInfrahub: async environment => {
        const { deployment } = await world.json(
          [
            'deployments',
            'create',
            `${environment}/infrahub`,
            '--driver',
            'infrahub',
            '--driver-version',
            '1.0.0',
            '--app-version',
            '1.5.2',
            '--set-secret',
            'admin_password',
          ],
          { stdin: `${E2E_PASSWORD}\n` },
        );
        return deployment.id;
      },
      startAgent: async (agentToken, agentOptions) => {
        agent = await startE2eAgent({
          serverUrl: backend.url,
          agentToken,
          sandbox,
          cacheDirectory: path.join(work, 'cache'),
          logger: world.logger,
          ...agentOptions,
        });
        return agent;
      },
      eventually: async (check, what) => {
        try {
          return await waitFor(check, { timeoutMs: 120_000, what });
        } catch (error) {
          throw new Error(
            `${(error as Error).message}\nThe agent's log:\n${world.logger.lines
              .slice(-60)
              .join('\n')}`,
          );
        }
      },
    } satisfies Omit<E2eWorld, 'logger'>);
  });

  afterAll(async () => {
    await agent?.stop();
    // The agent runs with its chart's RBAC: a 403 is a permission the chart lacks.
    const denied = world.sandbox && agentDenialsError(world.sandbox);
    await world.sandbox?.stop();
    await world.backend?.stop();
    if (world.work) {
      await fs.rm(world.work, { recursive: true, force: true });
    }
    if (denied) {
      throw denied;
    }
  });

  return world;
}
