import { deployInfrahub } from './__testUtils__/deployInfrahub';
import { useE2eWorld } from './__testUtils__/e2eWorld';
import { ClusterView } from './__testUtils__/operatorSandbox';
import { RESTARTED_AT_ANNOTATION } from './operator/desired/componentPatches';

jest.setTimeout(300_000);

/*
 * A rolling restart of components end to end: a real backend, kube-sandbox with Flux and its
 * simulated workload controllers, the agent in this process and styrminctl. `styrminctl
 * deployments restart` starts a restart_components task; the agent records the restart in
 * the StyrminDeployment, the operator's post-render patch puts it in the pod template of
 * the components' workloads, and their controllers replace the pods.
 */
describe('component restart end to end', () => {
  const world = useE2eWorld();
  let view: ClusterView;
  let namespace: string;

  beforeAll(() => {
    ({ view } = world);
  });

  /** The pods of a component of infrahub, by uid: name and whether it is ready. */
  const podsOf = async (component: string) => {
    const pods = await view.core.listNamespacedPod({
      namespace,
      labelSelector: `app.kubernetes.io/name=infrahub,app.kubernetes.io/component=${component}`,
    });
    return new Map(
      pods.items
        .filter(pod => !pod.metadata?.deletionTimestamp)
        .map(pod => [
          pod.metadata!.uid!,
          pod.status?.conditions?.some(
            c => c.type === 'Ready' && c.status === 'True',
          ),
        ]),
    );
  };

  it('deploys infrahub 1.0.0', async () => {
    const deployed = await deployInfrahub(world);
    ({ namespace } = deployed);
    expect(deployed.running.activeInstance?.number).toBe(1);
  });

  it('replaces the pods of the restarted components, and only theirs; the task SUCCEEDED', async () => {
    const before = {
      server: await podsOf('server'),
      database: await podsOf('database'),
      worker: await podsOf('task-worker'),
    };
    expect(before.server.size).toBeGreaterThan(0);
    expect(before.database.size).toBe(1);

    const { deployment, task } = await world.json([
      'deployments',
      'restart',
      'dev/infrahub',
      '--component',
      'server',
      '--component',
      'database',
      '--wait',
    ]);
    expect(task).toMatchObject({
      type: 'restart_components',
      result: 'SUCCEEDED',
      steps: [
        expect.objectContaining({
          name: 'Restart the components',
          status: 'SUCCEEDED',
        }),
      ],
    });
    expect(deployment.state).toBe('RUNNING');

    // Every pod of the server (a Deployment) and the database (a StatefulSet) is new and
    // ready, as many as before; the task workers kept theirs.
    for (const component of ['server', 'database'] as const) {
      const after = await podsOf(component);
      expect(after.size).toBe(before[component].size);
      expect(
        [...after.keys()].filter(uid => before[component].has(uid)),
      ).toEqual([]);
      expect([...after.values()].every(Boolean)).toBe(true);
    }
    expect([...(await podsOf('task-worker')).keys()]).toEqual([
      ...before.worker.keys(),
    ]);
    const server = await view.read(
      'apps/v1',
      'Deployment',
      'infrahub-infrahub-server',
      namespace,
    );
    expect(
      server.spec.template.metadata.annotations[RESTARTED_AT_ANNOTATION],
    ).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
  });
});
