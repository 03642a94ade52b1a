import { Sandbox, startSandbox } from '../Sandbox';
import { waitFor } from '../testing/waitFor';

/*
 * Conformance with the real kubectl (1.34) for changing workloads: diff, rollout restart,
 * history and undo, and delete with each cascade mode.
 */

jest.setTimeout(60_000);

const deployment = (name: string, image: string) => `
apiVersion: apps/v1
kind: Deployment
metadata: {name: ${name}, namespace: shop}
spec:
  replicas: 2
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata: {labels: {app: ${name}}}
    spec:
      containers: [{name: app, image: "${image}"}]
`;

describe('kubectl rollout conformance', () => {
  let sandbox: Sandbox;

  const kubectl = async (args: string[], input?: string) => {
    const result = await sandbox.kubectl(args, { input });
    if (result.exitCode !== 0) {
      throw new Error(
        `kubectl ${args.join(' ')} failed (${result.exitCode}): ${
          result.stderr
        }`,
      );
    }
    return result.stdout;
  };
  const rolledOut = (name: string) =>
    kubectl([
      'rollout',
      'status',
      `deployment/${name}`,
      '-n',
      'shop',
      '--timeout=20s',
    ]);
  const image = async (name: string) =>
    kubectl([
      'get',
      'deployment',
      name,
      '-n',
      'shop',
      '-o',
      'jsonpath={.spec.template.spec.containers[0].image}',
    ]);
  const replicaSetsOf = (name: string) =>
    sandbox.api.store
      .list('apps/replicasets', 'shop')
      .filter(rs => rs.metadata.labels?.app === name);
  const podsOf = (name: string) =>
    sandbox.api.store
      .list('/pods', 'shop')
      .filter(p => p.metadata.labels?.app === name);

  beforeAll(async () => {
    sandbox = await startSandbox({
      workloads: { startDelayMs: 5, readyDelayMs: 5 },
      flux: false,
      velero: false,
    });
    await kubectl(['create', 'namespace', 'shop']);
  });

  afterAll(async () => {
    await sandbox?.stop();
  });

  it('diffs a change against the server (a server-side dry run) and nothing when there is none', async () => {
    await kubectl(['apply', '-f', '-'], deployment('web', 'nginx:1.27'));
    const same = await sandbox.kubectl(['diff', '-f', '-'], {
      input: deployment('web', 'nginx:1.27'),
    });
    expect(same).toMatchObject({ exitCode: 0, stdout: '' });
    const changed = await sandbox.kubectl(['diff', '-f', '-'], {
      input: deployment('web', 'nginx:1.28'),
    });
    expect(changed.exitCode).toBe(1);
    expect(changed.stdout).toMatch(/^-\s+- image: nginx:1\.27$/m);
    expect(changed.stdout).toMatch(/^\+\s+- image: nginx:1\.28$/m);
    // Only a dry run: the image is unchanged.
    expect(await image('web')).toBe('nginx:1.27');
  });

  it('restarts a rollout, lists its history and undoes the last revision', async () => {
    await rolledOut('web');
    await kubectl([
      'set',
      'image',
      'deployment/web',
      'app=nginx:1.28',
      '-n',
      'shop',
    ]);
    await rolledOut('web');
    expect(
      await kubectl(['rollout', 'restart', 'deployment/web', '-n', 'shop']),
    ).toBe('deployment.apps/web restarted\n');
    await rolledOut('web');
    const restartedAt = await kubectl([
      'get',
      'deployment',
      'web',
      '-n',
      'shop',
      '-o',
      "jsonpath={.spec.template.metadata.annotations['kubectl\\.kubernetes\\.io/restartedAt']}",
    ]);
    expect(Date.parse(restartedAt)).not.toBeNaN();
    expect(replicaSetsOf('web')).toHaveLength(3);

    const history = await kubectl([
      'rollout',
      'history',
      'deployment/web',
      '-n',
      'shop',
    ]);
    expect(history.trim().split('\n').slice(1)).toEqual([
      'REVISION  CHANGE-CAUSE',
      '1         <none>',
      '2         <none>',
      '3         <none>',
    ]);
    expect(
      await kubectl([
        'rollout',
        'undo',
        'deployment/web',
        '-n',
        'shop',
        '--to-revision=1',
      ]),
    ).toBe('deployment.apps/web rolled back\n');
    await rolledOut('web');
    expect(await image('web')).toBe('nginx:1.27');
    const pods = await waitFor(() => {
      const current = podsOf('web').filter(p => !p.metadata.deletionTimestamp);
      return (
        current.length === 2 &&
        current.every(p => p.spec.containers[0].image === 'nginx:1.27') &&
        current
      );
    });
    expect(pods).toHaveLength(2);
  });

  it('deletes with --cascade=orphan: the ReplicaSets and pods stay, without their owner', async () => {
    await kubectl(['apply', '-f', '-'], deployment('orphans', 'nginx:1.27'));
    await rolledOut('orphans');
    expect(
      await kubectl([
        'delete',
        'deployment',
        'orphans',
        '-n',
        'shop',
        '--cascade=orphan',
      ]),
    ).toContain('deployment.apps "orphans" deleted');
    await waitFor(
      () => !sandbox.api.store.get('apps/deployments', 'shop', 'orphans'),
    );
    const [replicaSet] = replicaSetsOf('orphans');
    expect(replicaSet.metadata.ownerReferences ?? []).toEqual([]);
    expect(podsOf('orphans')).toHaveLength(2);
  });

  it('deletes with --cascade=foreground: the deployment goes last, after its dependents', async () => {
    await kubectl(['apply', '-f', '-'], deployment('fore', 'nginx:1.27'));
    await rolledOut('fore');
    // A finalizer holds the ReplicaSet, and so the deployment, in its foreground deletion.
    const [replicaSet] = replicaSetsOf('fore');
    const patchReplicaSet = (patch: object) =>
      kubectl([
        'patch',
        'replicaset',
        replicaSet.metadata.name!,
        '-n',
        'shop',
        '-p',
        JSON.stringify(patch),
      ]);
    await patchReplicaSet({ metadata: { finalizers: ['example.com/hold'] } });
    await kubectl([
      'delete',
      'deployment',
      'fore',
      '-n',
      'shop',
      '--cascade=foreground',
      '--wait=false',
    ]);
    const held = await waitFor(() => {
      const rs = replicaSetsOf('fore')[0];
      return rs?.metadata.deletionTimestamp ? rs : undefined;
    });
    // Deleted in the foreground too, as the garbage collector deletes blocking dependents.
    expect(held.metadata.finalizers).toEqual(
      expect.arrayContaining(['example.com/hold']),
    );
    expect(
      sandbox.api.store.get('apps/deployments', 'shop', 'fore')?.metadata,
    ).toMatchObject({
      deletionTimestamp: expect.any(String),
      finalizers: ['foregroundDeletion'],
    });
    // Only this finalizer goes (the garbage collector removes its own meanwhile).
    await patchReplicaSet({
      metadata: { '$deleteFromPrimitiveList/finalizers': ['example.com/hold'] },
    });
    await kubectl([
      'wait',
      '--for=delete',
      'deployment/fore',
      '-n',
      'shop',
      '--timeout=20s',
    ]);
    expect(replicaSetsOf('fore')).toEqual([]);
    await waitFor(() => podsOf('fore').length === 0, {
      what: 'the pods of the deleted ReplicaSet to go',
    });
  });

  it('deletes with --cascade=background: the deployment at once, its dependents after', async () => {
    await kubectl(['apply', '-f', '-'], deployment('back', 'nginx:1.27'));
    await rolledOut('back');
    await kubectl([
      'delete',
      'deployment',
      'back',
      '-n',
      'shop',
      '--cascade=background',
    ]);
    expect(
      sandbox.api.store.get('apps/deployments', 'shop', 'back'),
    ).toBeUndefined();
    await waitFor(
      () => replicaSetsOf('back').length === 0 && podsOf('back').length === 0,
      {
        what: 'the garbage collector to remove the dependents',
      },
    );
  });
});
