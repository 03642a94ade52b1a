import { Task } from '@styrmin/sdk';
import path from 'node:path';
import { AgentProcess } from './__testUtils__/agentProcess';
import {
  E2eSecondCluster,
  useSecondCluster,
} from './__testUtils__/e2eSecondCluster';
import { EXAMPLE_DRIVERS } from './__testUtils__/exampleBundles';
import { E2eWorld, useE2eWorld } from './__testUtils__/e2eWorld';

jest.setTimeout(300_000);

/** The deployments of the flow runs an agent claimed, from its log lines. */
function claimedDeployments(lines: string[]): string[] {
  return [
    ...new Set(
      lines
        .filter(line => line.includes('msg="Claimed flow run"'))
        .map(line => /\bdeployment=(\S+)/.exec(line)?.[1]),
    ),
  ].filter((id): id is string => Boolean(id));
}

/** When a task's steps ran: from the first start to the last end. */
function stepWindow(task: Task): { start: number; end: number } {
  const starts = task.steps.map(s => Date.parse(s.startedAt!));
  const ends = task.steps.map(s => Date.parse(s.endedAt!));
  return { start: Math.min(...starts), end: Math.max(...ends) };
}

/*
 * Several clusters at once (issue 17, item 3): one backend, two kube-sandboxes, an agent
 * for each under its chart's RBAC (alpha's in this process, beta's a real agent process),
 * an environment and a deployment on each. Each agent runs its own cluster's runs only, and
 * a token names one cluster: an agent given alpha's token on beta's cluster is refused
 * beta's records and never sees beta's runs, and a rotated token starts no agent.
 */
describe('two clusters, one portal', () => {
  const world: E2eWorld = useE2eWorld();
  const beta: E2eSecondCluster = useSecondCluster(world);
  let tokens: { alpha: string; beta: string };
  let pools: { alpha: string; beta: string };
  let alphaId: string;
  let betaId: string;
  let betaAgent: AgentProcess;
  let betaLines: string[];

  /** Waits for a deployment to be RUNNING with `instance` active. */
  const running = (id: string, instance: number, lines: () => string[]) =>
    world
      .eventually(async () => {
        const deployment = await world.client.deployment({ id });
        return (
          deployment?.state === 'RUNNING' &&
          deployment.activeInstance?.number === instance
        );
      }, `deployment ${id} to run instance ${instance}`)
      .catch(error => {
        throw new Error(
          `${error.message}\nBeta's agent:\n${lines().slice(-40).join('\n')}`,
        );
      });

  /** The clusters of the deployments an agent's log says it claimed runs of. */
  const claimedClusters = async (lines: string[]) => {
    const names = new Set<string>();
    for (const id of claimedDeployments(lines)) {
      const deployment = await world.client.deployment({ id });
      const environment = await world.client.environment({
        id: deployment!.environment.id,
      });
      names.add(environment!.cluster.name);
    }
    return [...names];
  };

  const tasksOf = async (id: string) =>
    (await world.client.deploymentTasks({ id }))!.nodes;

  it('runs a deployment on each cluster side by side, each converging to RUNNING', async () => {
    const alpha = await world.json(['clusters', 'create', 'alpha']);
    const betaCluster = await world.json(['clusters', 'create', 'beta']);
    tokens = { alpha: alpha.agentToken, beta: betaCluster.agentToken };
    pools = {
      alpha: alpha.cluster.workPool,
      beta: betaCluster.cluster.workPool,
    };
    await world.json(['environments', 'create', 'north', '--cluster', 'alpha']);
    await world.json(['environments', 'create', 'south', '--cluster', 'beta']);
    await world.json([
      'drivers',
      'load',
      path.join(EXAMPLE_DRIVERS, 'infrahub', '1.0.0'),
    ]);
    // Both runs wait in their pools before either agent starts, so that the two agents
    // run them at the same time.
    alphaId = await world.createInfrahub('north');
    betaId = await world.createInfrahub('south');
    const [, first] = await Promise.all([
      world.startAgent(tokens.alpha),
      beta.startAgent(tokens.beta, { owner: 'beta-agent' }),
    ]);
    ({ agent: betaAgent, lines: betaLines } = first);
    expect(betaLines.join('\n')).toContain(
      `msg="Connected to the Styrmin server" cluster=beta workPool=${pools.beta}`,
    );

    await Promise.all([
      running(alphaId, 1, () => betaLines),
      running(betaId, 1, () => betaLines),
    ]);
    const [alphaTask] = await tasksOf(alphaId);
    const [betaTask] = await tasksOf(betaId);
    expect([alphaTask.status, betaTask.status]).toEqual([
      'SUCCEEDED',
      'SUCCEEDED',
    ]);
    // Side by side: each creation's steps began before the other's ended.
    const [a, b] = [stepWindow(alphaTask), stepWindow(betaTask)];
    expect(a.start).toBeLessThan(b.end);
    expect(b.start).toBeLessThan(a.end);
  });

  it('puts each deployment on its own cluster only, through its own work pool and agent', async () => {
    expect(await world.view.deployment(alphaId)).toBeDefined();
    expect(await world.view.deployment(betaId)).toBeUndefined();
    expect(await beta.view.deployment(betaId)).toBeDefined();
    expect(await beta.view.deployment(alphaId)).toBeUndefined();
    expect(
      (await world.view.readyPods(`styrmin-${betaId}`)).map(
        p => p.metadata!.name,
      ),
    ).toEqual([]);
    expect(
      (await beta.view.readyPods(`styrmin-${betaId}`)).length,
    ).toBeGreaterThan(0);

    // The API: every run of a deployment was in its own cluster's pool.
    expect((await tasksOf(alphaId)).map(t => t.flowRun?.pool)).toEqual([
      pools.alpha,
    ]);
    expect((await tasksOf(betaId)).map(t => t.flowRun?.pool)).toEqual([
      pools.beta,
    ]);
    // The agents' logs: each claimed its own cluster's runs and nothing else.
    expect(claimedDeployments(world.logger.lines)).toContain(alphaId);
    expect(claimedDeployments(betaLines)).toContain(betaId);
    expect(await claimedClusters(world.logger.lines)).toEqual(['alpha']);
    expect(await claimedClusters(betaLines)).toEqual(['beta']);
  });

  it('lists both clusters with their agents seen within the heartbeat, an environment on each', async () => {
    const clusters = await world.json(['clusters', 'list']);
    expect(clusters.map((c: { name: string }) => c.name)).toEqual([
      'alpha',
      'beta',
    ]);
    for (const cluster of clusters) {
      // What the portal's health reads: a contact within the heartbeat.
      expect(Date.now() - Date.parse(cluster.agentLastSeenAt)).toBeLessThan(
        cluster.agentHeartbeatSeconds * 1000,
      );
    }
    const environments = await world.json(['environments', 'list']);
    expect(
      environments.map((e: { name: string; cluster: { name: string } }) => [
        e.name,
        e.cluster.name,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['north', 'alpha'],
        ['south', 'beta'],
      ]),
    );
  });

  it("refuses an agent with alpha's token on beta's cluster beta's deployments (NOT_FOUND), and it never sees beta's runs", async () => {
    await betaAgent.stop();
    const edit = await world.json([
      'deployments',
      'edit',
      'south/infrahub',
      '--set',
      'log_level=DEBUG',
    ]);
    const observedBefore = await world.client.deploymentObservedState(betaId);
    const before = {
      deploymentStatus: observedBefore?.deploymentStatus,
      pods: observedBefore?.pods,
    };
    const wrong = await beta.startAgent(tokens.alpha);
    // The token is alpha's: the server answers it as alpha, whatever cluster it runs in.
    expect(wrong.lines.join('\n')).toContain(
      `msg="Connected to the Styrmin server" cluster=alpha workPool=${pools.alpha}`,
    );
    // Its status reporter names beta's deployment, which it finds in the cluster: refused
    // as a record that does not exist.
    const refusal = await world.eventually(
      async () =>
        wrong.lines.find(line =>
          line.includes('msg="Server refused the status of a deployment"'),
        ),
      "the refusal of beta's deployment status",
    );
    expect(refusal).toContain(`deployment=${betaId} code=NOT_FOUND`);
    expect(refusal).toContain(`No deployment ${betaId}`);
    // A second report, after a change of beta's pods, is refused too: by then its worker
    // had long been claiming, and beta's edit waited in beta's pool all along.
    const [pod] = await beta.view.readyPods(`styrmin-${betaId}`);
    await beta.view.core.deleteNamespacedPod({
      name: pod.metadata!.name!,
      namespace: `styrmin-${betaId}`,
    });
    await world.eventually(
      async () =>
        wrong.lines.filter(line =>
          line.includes('msg="Server refused the status of a deployment"'),
        ).length >= 2,
      "a second refusal of beta's deployment status",
    );
    await wrong.agent.stop();
    expect(claimedDeployments(wrong.lines)).toEqual([]);
    const [waiting] = await tasksOf(betaId);
    expect(waiting).toMatchObject({
      id: edit.task.id,
      status: 'SCHEDULED',
      flowRun: { pool: pools.beta, attempts: 0 },
    });
    // Nothing it sent was taken: beta's record keeps what beta's own agent reported.
    const observed = await world.client.deploymentObservedState(betaId);
    expect({
      deploymentStatus: observed?.deploymentStatus,
      pods: observed?.pods,
    }).toEqual(before);
  });

  it("starts no agent with beta's token once it was rotated away: UNAUTHENTICATED, exit code 1", async () => {
    const rotated = await world.json(['clusters', 'rotate-token', 'beta']);
    const stale = await beta.startAgent(tokens.beta);
    expect(await stale.agent.exited).toBe(1);
    const failure = stale.lines.find(line =>
      line.includes('msg="Agent could not start"'),
    );
    expect(failure).toContain('code=UNAUTHENTICATED');
    expect(failure).toContain('The agent token is not valid');
    expect(stale.lines.join('\n')).not.toContain(tokens.beta);
    tokens.beta = rotated.agentToken;
  });

  it("runs beta's waiting edit once beta's agent has its new token, and it claims beta's runs only", async () => {
    const { lines } = await beta.startAgent(tokens.beta, {
      owner: 'beta-agent',
    });
    await running(betaId, 2, () => lines);
    const [edit] = await tasksOf(betaId);
    expect(edit).toMatchObject({
      status: 'SUCCEEDED',
      flowRun: { attempts: 1 },
    });
    expect(claimedDeployments(lines)).toContain(betaId);
    expect(await claimedClusters(lines)).toEqual(['beta']);
    // Alpha's deployment was not touched meanwhile.
    expect(await tasksOf(alphaId)).toHaveLength(1);
    expect(await claimedClusters(world.logger.lines)).toEqual(['alpha']);
  });
});
