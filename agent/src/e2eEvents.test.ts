import path from 'node:path';
import { EXAMPLE_DRIVERS } from './__testUtils__/exampleBundles';
import { useE2eWorld } from './__testUtils__/e2eWorld';
import { OPERATOR_NAMESPACE } from './__testUtils__/operatorSandbox';

jest.setTimeout(300_000);

interface EventItem {
  type: string;
  reason: string;
  message: string;
  count: number;
  involvedObject: { kind: string; name: string };
  source: { component: string };
}

/*
 * Events end to end: after a create through the real backend and the agent, kubectl shows
 * what the workloads' controllers and kubelet did in the deployment's namespace, and what the
 * operator and Flux did on the StyrminDeployment and its HelmRelease in the agent's
 * namespace (an Event lives in the namespace of the object it is about).
 */
describe('Events of a deployment end to end', () => {
  const world = useE2eWorld();
  let id: string;

  const events = async (namespace: string): Promise<EventItem[]> => {
    const result = await world.sandbox.kubectl([
      'get',
      'events',
      '-n',
      namespace,
      '-o',
      'json',
    ]);
    expect(result.stderr).toBe('');
    return JSON.parse(result.stdout).items;
  };
  const reasonsOf = (items: EventItem[], kind: string) =>
    new Set(
      items.filter(e => e.involvedObject.kind === kind).map(e => e.reason),
    );

  it('creates a deployment with the agent running', async () => {
    const { cluster, agentToken } = await world.json([
      'clusters',
      'create',
      'sandbox',
    ]);
    await world.json([
      'environments',
      'create',
      'dev',
      '--cluster',
      cluster.name,
    ]);
    await world.json([
      'drivers',
      'load',
      path.join(EXAMPLE_DRIVERS, 'infrahub', '1.0.0'),
    ]);
    await world.startAgent(agentToken);
    id = await world.createInfrahub('dev');
    const running = await world.eventually(async () => {
      const deployment = await world.client.deployment({ id });
      return deployment?.state === 'RUNNING' && deployment;
    }, 'infrahub to run');
    expect(running.activeInstance?.task?.result).toBe('SUCCEEDED');
  });

  it("lists the workloads' events in styrmin-<id>", async () => {
    const items = await events(`styrmin-${id}`);
    expect([...reasonsOf(items, 'Pod')]).toEqual(
      expect.arrayContaining(['Scheduled', 'Pulled', 'Created', 'Started']),
    );
    expect(reasonsOf(items, 'Deployment')).toContain('ScalingReplicaSet');
    expect(reasonsOf(items, 'ReplicaSet')).toContain('SuccessfulCreate');
    // The setup post-hook's Job.
    expect([...reasonsOf(items, 'Job')]).toEqual(
      expect.arrayContaining(['SuccessfulCreate', 'Completed']),
    );
    expect(items.filter(e => e.type === 'Warning')).toEqual([]);
  });

  it("records the operator's phases on the StyrminDeployment and Flux's install on its HelmRelease", async () => {
    const items = await events(OPERATOR_NAMESPACE);
    const operator = items.filter(
      e => e.involvedObject.kind === 'StyrminDeployment',
    );
    expect(operator.every(e => e.source.component === 'styrmin-operator')).toBe(
      true,
    );
    expect([...reasonsOf(items, 'StyrminDeployment')]).toEqual(
      expect.arrayContaining([
        'NamespaceReady',
        'ChartSourceReady',
        'HelmReleaseReady',
        'ServicesReady',
        'Reconciled',
      ]),
    );
    expect(operator.find(e => e.reason === 'Reconciled')!.message).toMatch(
      /^Instance \S+ is deployed$/,
    );
    expect(reasonsOf(items, 'HelmRelease')).toContain('InstallSucceeded');

    const name = operator[0].involvedObject.name;
    const described = await world.sandbox.kubectl([
      'describe',
      'styrmindeployment',
      name,
      '-n',
      OPERATOR_NAMESPACE,
    ]);
    expect(described.exitCode).toBe(0);
    expect(described.stdout).toMatch(
      /Events:\s+Type\s+Reason\s+Age\s+From\s+Message/,
    );
    expect(described.stdout).toMatch(
      /Normal\s+HelmReleaseReady\s+\S+\s+styrmin-operator\s+HelmRelease \S+ is ready/,
    );
  });
});
