import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { agentDenialsError } from './agentCredentials';
import { AgentProcess, agentProcessEnv } from './agentProcess';
import { E2eWorld } from './e2eWorld';
import {
  ClusterView,
  OperatorSandbox,
  startOperatorSandbox,
} from './operatorSandbox';

/** A second cluster beside an end-to-end world's, whose agents run as processes. */
export interface E2eSecondCluster {
  sandbox: OperatorSandbox;
  view: ClusterView;
  /**
   * Starts an agent process for this cluster's sandbox, under its chart's RBAC, against
   * the world's backend with `agentToken` (which need not be this cluster's); it stops
   * after the tests, if it did not end before. `lines` is what it printed.
   */
  startAgent(
    agentToken: string,
    options?: { owner?: string },
  ): Promise<{ agent: AgentProcess; lines: string[] }>;
}

/**
 * A second kube-sandbox with Flux beside the world's (call it after `useE2eWorld`, while the
 * tests are defined): its agents are real processes (`bin/styrmin-agent`) with its chart's
 * ServiceAccount; everything is stopped after the tests of the calling `describe`, which
 * fail if this sandbox answered an agent a 403.
 */
export function useSecondCluster(world: E2eWorld): E2eSecondCluster {
  const cluster = {} as E2eSecondCluster;
  const agents: AgentProcess[] = [];
  let work: string | undefined;

  beforeAll(async () => {
    // Its own folder: the world's may be removed before this cluster's agents stop.
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'agent-e2e-second-'));
    const sandbox = await startOperatorSandbox();
    Object.assign(cluster, {
      sandbox,
      view: new ClusterView(sandbox),
      startAgent: async (agentToken, options = {}) => {
        const env = await agentProcessEnv({
          serverUrl: world.backend.url,
          agentToken,
          sandbox,
          // Each its own: two agents never share their bundles and charts.
          cacheDirectory: path.join(work!, `cache-${agents.length}`),
          owner: options.owner,
        });
        const lines: string[] = [];
        const agent = new AgentProcess(env, lines);
        agents.push(agent);
        await agent.started;
        return { agent, lines };
      },
    } satisfies E2eSecondCluster);
  });

  afterAll(async () => {
    await Promise.all(agents.map(agent => agent.stop()));
    const denied = cluster.sandbox && agentDenialsError(cluster.sandbox);
    await cluster.sandbox?.stop();
    if (work) {
      await fs.rm(work, { recursive: true, force: true });
    }
    if (denied) {
      throw denied;
    }
  });

  return cluster;
}
