import { deployInfrahub } from './__testUtils__/deployInfrahub';
import { useE2eWorld } from './__testUtils__/e2eWorld';
import { OPERATOR_NAMESPACE } from './__testUtils__/operatorSandbox';
import { DEPLOYMENT_RECORD_NAME } from './operator/desired/deploymentRecord';

jest.setTimeout(300_000);

interface ObjectReference {
  kind: string;
  name: string;
  namespace?: string;
  uid?: string;
}

interface EventItem {
  type: string;
  reason: string;
  message: string;
  count: number;
  involvedObject: ObjectReference;
  related?: ObjectReference;
  source: { component: string };
}

/** The reasons of the operator's phase Events on a create, in order. */
const PHASE_REASONS = [
  'NamespaceReady',
  'ChartSourceReady',
  'HelmReleaseReady',
  'ServicesReady',
  'Reconciled',
];

/*
 * Events end to end: after a create through the real backend and the agent, the real
 * kubectl shows in the deployment's namespace what the workloads' controllers and kubelet
 * did and what the operator did (on its deployment record there, the StyrminDeployment
 * named as related), and in the agent's namespace the operator's Events on the
 * StyrminDeployment and Flux's on its HelmRelease (an Event lives in the namespace of the
 * object it is about).
 */
describe('Events of a deployment end to end', () => {
  const world = useE2eWorld();
  let id: string;
  let namespace: string;

  const kubectl = async (args: string[]) => {
    const result = await world.sandbox.kubectl(args);
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    return result.stdout;
  };
  const events = async (inNamespace: string): Promise<EventItem[]> =>
    JSON.parse(
      await kubectl(['get', 'events', '-n', inNamespace, '-o', 'json']),
    ).items;
  const reasonsOf = (items: EventItem[], kind: string) =>
    new Set(
      items.filter(e => e.involvedObject.kind === kind).map(e => e.reason),
    );

  it('creates a deployment with the agent running', async () => {
    const deployed = await deployInfrahub(world);
    ({ id, namespace } = deployed);
    expect(deployed.running.activeInstance?.task?.result).toBe('SUCCEEDED');
  });

  it("lists the workloads' events in styrmin-<id>", async () => {
    const items = await events(namespace);
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

  it("lists the operator's phases in styrmin-<id>, on the deployment record, naming the StyrminDeployment", async () => {
    const operator = (await events(namespace)).filter(
      e => e.source.component === 'styrmin-operator',
    );
    expect(operator.map(e => e.reason)).toEqual(
      expect.arrayContaining(PHASE_REASONS),
    );
    for (const event of operator) {
      expect(event).toMatchObject({
        type: 'Normal',
        involvedObject: {
          kind: 'ConfigMap',
          name: DEPLOYMENT_RECORD_NAME,
          namespace,
        },
        related: {
          kind: 'StyrminDeployment',
          name: id,
          namespace: OPERATOR_NAMESPACE,
        },
      });
    }
    expect(operator.find(e => e.reason === 'Reconciled')!.message).toMatch(
      /^Instance \S+ is deployed$/,
    );

    // The record names its StyrminDeployment, and kubectl finds the Events by its uid.
    const record = JSON.parse(
      await kubectl([
        'get',
        'configmap',
        DEPLOYMENT_RECORD_NAME,
        '-n',
        namespace,
        '-o',
        'json',
      ]),
    );
    expect(record.data.styrminDeployment).toBe(`${OPERATOR_NAMESPACE}/${id}`);
    expect(
      operator.every(e => e.involvedObject.uid === record.metadata.uid),
    ).toBe(true);
    // kubectl get events prints the object and the operator as it does for any controller.
    expect(await kubectl(['get', 'events', '-n', namespace])).toMatch(
      new RegExp(
        `Normal\\s+Reconciled\\s+configmap/${DEPLOYMENT_RECORD_NAME}\\s+Instance \\S+ is deployed`,
      ),
    );
    expect(
      await kubectl([
        'describe',
        'configmap',
        DEPLOYMENT_RECORD_NAME,
        '-n',
        namespace,
      ]),
    ).toMatch(
      /Normal\s+HelmReleaseReady\s+\S+\s+styrmin-operator\s+HelmRelease \S+ is ready/,
    );
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
      expect.arrayContaining(PHASE_REASONS),
    );
    expect(operator.every(e => e.related === undefined)).toBe(true);
    expect(reasonsOf(items, 'HelmRelease')).toContain('InstallSucceeded');

    expect(
      await kubectl([
        'describe',
        'styrmindeployment',
        id,
        '-n',
        OPERATOR_NAMESPACE,
      ]),
    ).toMatch(
      /Events:\s+Type\s+Reason\s+Age\s+From\s+Message[\s\S]*Normal\s+HelmReleaseReady\s+\S+\s+styrmin-operator\s+HelmRelease \S+ is ready/,
    );
  });
});
