import { Sandbox, startSandbox } from '../../Sandbox';
import { KubeObject } from '../../store/types';
import { deploymentManifest } from '../../testing/objects';
import { waitFor } from '../../testing/waitFor';

jest.setTimeout(20_000);

describe('workload controllers', () => {
  let sandbox: Sandbox;
  const deployments = () =>
    sandbox.api.scope('apps/v1', 'Deployment', 'default');
  const pods = (selector: string, namespace = 'default') =>
    sandbox.api.list(sandbox.api.scope('v1', 'Pod', namespace), {
      labelSelector: selector,
    }).items;
  const condition = (object: KubeObject, type: string) =>
    object.status?.conditions?.find((c: any) => c.type === type);
  const deployment = (name: string) => sandbox.api.get(deployments(), name);

  beforeAll(async () => {
    sandbox = await startSandbox({
      workloads: { startDelayMs: 5, readyDelayMs: 5, crashBackoffMs: 20 },
    });
  });

  afterEach(() => {
    sandbox.workloads.runContainer = undefined;
  });

  afterAll(async () => {
    await sandbox.stop();
  });

  it('runs a Deployment through a ReplicaSet to Ready pods with the real status', async () => {
    sandbox.api.create(
      deployments(),
      deploymentManifest('web', { replicas: 2 }),
    );
    const ready = await waitFor(() => {
      const d = deployment('web');
      return (
        d.status?.readyReplicas === 2 &&
        condition(d, 'Progressing')?.reason === 'NewReplicaSetAvailable' &&
        d
      );
    });
    expect(
      ready.metadata.annotations?.['deployment.kubernetes.io/revision'],
    ).toBe('1');
    expect(ready.status).toMatchObject({
      observedGeneration: 1,
      replicas: 2,
      updatedReplicas: 2,
      readyReplicas: 2,
      availableReplicas: 2,
    });
    expect(condition(ready, 'Available')).toMatchObject({
      status: 'True',
      reason: 'MinimumReplicasAvailable',
      message: 'Deployment has minimum availability.',
    });
    const [pod] = pods('app=web');
    const hash = pod.metadata.labels!['pod-template-hash'];
    expect(pod.metadata.name).toMatch(new RegExp(`^web-${hash}-[a-z0-9]{5}$`));
    expect(pod.metadata.ownerReferences).toEqual([
      expect.objectContaining({
        kind: 'ReplicaSet',
        name: `web-${hash}`,
        controller: true,
        blockOwnerDeletion: true,
      }),
    ]);
    expect(pod.spec.nodeName).toBe('sandbox-node');
    expect(pod.status).toMatchObject({
      phase: 'Running',
      podIP: expect.stringMatching(/^10\.244\./),
      containerStatuses: [
        expect.objectContaining({
          name: 'app',
          ready: true,
          started: true,
          restartCount: 0,
          state: { running: expect.anything() },
        }),
      ],
    });
    expect(
      pod.status.conditions.map((c: any) => `${c.type}=${c.status}`).sort(),
    ).toEqual([
      'ContainersReady=True',
      'Initialized=True',
      'PodReadyToStartContainers=True',
      'PodScheduled=True',
      'Ready=True',
    ]);
  });

  it('scales up and down, and rolls a new template out to a new ReplicaSet', async () => {
    sandbox.api.patch(
      deployments(),
      'web',
      'merge',
      { spec: { replicas: 3 } },
      { subresource: 'scale' },
    );
    await waitFor(() => deployment('web').status?.readyReplicas === 3);
    sandbox.api.patch(deployments(), 'web', 'merge', { spec: { replicas: 1 } });
    await waitFor(
      () =>
        pods('app=web').length === 1 &&
        deployment('web').status?.replicas === 1,
    );

    sandbox.api.patch(deployments(), 'web', 'strategic', {
      spec: {
        template: {
          spec: { containers: [{ name: 'app', image: 'nginx:1.28' }] },
        },
      },
    });
    const rolled = await waitFor(() => {
      const d = deployment('web');
      return (
        d.status?.observedGeneration === d.metadata.generation &&
        d.status?.updatedReplicas === 1 &&
        d.status?.replicas === 1 &&
        condition(d, 'Progressing')?.reason === 'NewReplicaSetAvailable' &&
        d
      );
    });
    expect(
      rolled.metadata.annotations?.['deployment.kubernetes.io/revision'],
    ).toBe('2');
    const sets = sandbox.api.list(
      sandbox.api.scope('apps/v1', 'ReplicaSet', 'default'),
      { labelSelector: 'app=web' },
    ).items;
    expect(
      sets
        .map((rs: any) => [
          rs.metadata.annotations['deployment.kubernetes.io/revision'],
          rs.spec.replicas,
        ])
        .sort(),
    ).toEqual([
      ['1', 0],
      ['2', 1],
    ]);
    // The old pod ends gracefully.
    await waitFor(
      () =>
        pods('app=web')
          .map(p => p.spec.containers[0].image)
          .join() === 'nginx:1.28',
    );
  });

  it('crash-loops a container the runner crashes, and reports the deployment unavailable and stuck', async () => {
    sandbox.workloads.runContainer = ({ container }) =>
      container.image === 'broken:1'
        ? { kind: 'crash', exitCode: 3, logs: 'boom\n' }
        : undefined;
    const manifest = deploymentManifest('broken', { image: 'broken:1' });
    manifest.spec.progressDeadlineSeconds = 1;
    sandbox.api.create(deployments(), manifest);
    const pod = await waitFor(() =>
      pods('app=broken').find(
        p => p.status?.containerStatuses?.[0].restartCount >= 2,
      ),
    );
    const status = pod.status.containerStatuses[0];
    expect(status.ready).toBe(false);
    expect(status.lastState.terminated).toMatchObject({
      exitCode: 3,
      reason: 'Error',
    });
    await waitFor(() =>
      pods('app=broken').some(
        p =>
          p.status?.containerStatuses?.[0].state.waiting?.reason ===
          'CrashLoopBackOff',
      ),
    );
    const stuck = await waitFor(
      () => {
        const d = deployment('broken');
        return (
          condition(d, 'Progressing')?.reason === 'ProgressDeadlineExceeded' &&
          d
        );
      },
      { timeoutMs: 10_000 },
    );
    expect(condition(stuck, 'Progressing')).toMatchObject({
      status: 'False',
      message: expect.stringMatching(/has timed out progressing\.$/),
    });
    expect(condition(stuck, 'Available')).toMatchObject({
      status: 'False',
      reason: 'MinimumReplicasUnavailable',
    });
    expect(stuck.status.unavailableReplicas).toBe(1);
  });

  it('leaves a pod whose image does not pull Pending with ErrImagePull, then ImagePullBackOff', async () => {
    sandbox.workloads.runContainer = ({ container }) =>
      container.image === 'missing:1' ? { kind: 'imagePullError' } : undefined;
    sandbox.api.create(
      deployments(),
      deploymentManifest('nopull', { image: 'missing:1' }),
    );
    const pod = await waitFor(() =>
      pods('app=nopull').find(
        p =>
          p.status?.containerStatuses?.[0].state.waiting?.reason ===
          'ImagePullBackOff',
      ),
    );
    expect(pod.status.phase).toBe('Pending');
    expect(pod.status.containerStatuses[0].state.waiting.message).toBe(
      'Back-off pulling image "missing:1"',
    );
    // The image shows up: the next pull works and the pod starts.
    sandbox.workloads.runContainer = undefined;
    await waitFor(() => deployment('nopull').status?.readyReplicas === 1);
  });

  it('creates StatefulSet pods in order with their claims and removes the highest ordinal first', async () => {
    const scope = sandbox.api.scope('apps/v1', 'StatefulSet', 'default');
    sandbox.api.create(scope, {
      metadata: { name: 'db' },
      spec: {
        replicas: 3,
        serviceName: 'db',
        selector: { matchLabels: { app: 'db' } },
        template: {
          metadata: { labels: { app: 'db' } },
          spec: { containers: [{ name: 'db', image: 'postgres:17' }] },
        },
        volumeClaimTemplates: [
          {
            metadata: { name: 'data' },
            spec: {
              accessModes: ['ReadWriteOnce'],
              resources: { requests: { storage: '1Gi' } },
            },
          },
        ],
      },
    });
    const ready = await waitFor(() => {
      const sts = sandbox.api.get(scope, 'db');
      return sts.status?.readyReplicas === 3 && sts;
    });
    expect(ready.status).toMatchObject({
      replicas: 3,
      currentReplicas: 3,
      updatedReplicas: 3,
      currentRevision: ready.status.updateRevision,
    });
    const created = pods('app=db').sort((a, b) =>
      a.metadata.creationTimestamp!.localeCompare(
        b.metadata.creationTimestamp!,
      ),
    );
    expect(
      pods('app=db')
        .map(p => p.metadata.name)
        .sort(),
    ).toEqual(['db-0', 'db-1', 'db-2']);
    expect(created[0].metadata.labels).toMatchObject({
      'statefulset.kubernetes.io/pod-name': 'db-0',
      'apps.kubernetes.io/pod-index': '0',
    });
    expect(created[0].spec.volumes).toContainEqual({
      name: 'data',
      persistentVolumeClaim: { claimName: 'data-db-0' },
    });
    const claim = sandbox.api.get(
      sandbox.api.scope('v1', 'PersistentVolumeClaim', 'default'),
      'data-db-2',
    );
    expect(claim.status).toMatchObject({
      phase: 'Bound',
      capacity: { storage: '1Gi' },
    });

    sandbox.api.patch(scope, 'db', 'merge', { spec: { replicas: 1 } });
    await waitFor(
      () =>
        pods('app=db')
          .map(p => p.metadata.name)
          .join() === 'db-0',
    );
  });

  it('ends a deleted pod gracefully and its owner replaces it', async () => {
    sandbox.api.create(deployments(), deploymentManifest('grace'));
    const [first] = await waitFor(
      () =>
        pods('app=grace').filter(p => p.status?.phase === 'Running').length ===
          1 && pods('app=grace'),
    );
    const { body } = sandbox.api.delete(
      sandbox.api.scope('v1', 'Pod', 'default'),
      first.metadata.name!,
    );
    expect((body as KubeObject).metadata.deletionTimestamp).toBeDefined();
    await waitFor(() => {
      const now = pods('app=grace');
      return (
        now.length === 1 &&
        now[0].metadata.name !== first.metadata.name &&
        now[0].status?.phase === 'Running'
      );
    });
  });
});
