import { Sandbox, startSandbox } from '../Sandbox';
import { deploymentManifest, jobManifest } from '../testing/objects';
import { waitFor } from '../testing/waitFor';

jest.setTimeout(20_000);

describe('garbage collection and namespace deletion', () => {
  let sandbox: Sandbox;
  const scope = (apiVersion: string, kind: string, namespace = 'default') =>
    sandbox.api.scope(apiVersion, kind, namespace);
  const count = (
    resourceKey: string,
    namespace = 'default',
    selector?: (o: any) => boolean,
  ) =>
    sandbox.api.store
      .list(resourceKey, namespace)
      .filter(selector ?? (() => true)).length;
  const labelled = (app: string) => (o: any) => o.metadata.labels?.app === app;

  beforeAll(async () => {
    sandbox = await startSandbox({
      workloads: { startDelayMs: 1, readyDelayMs: 1, terminationDelayMs: 1 },
    });
  });

  afterAll(async () => {
    await sandbox.stop();
  });

  it('deletes dependents in the background', async () => {
    sandbox.api.create(
      scope('apps/v1', 'Deployment'),
      deploymentManifest('bg', { replicas: 2 }),
    );
    await waitFor(() => count('/pods', 'default', labelled('bg')) === 2);
    const { deleted } = sandbox.api.delete(
      scope('apps/v1', 'Deployment'),
      'bg',
    );
    expect(deleted).toBe(true);
    await waitFor(
      () =>
        count('apps/replicasets', 'default', labelled('bg')) === 0 &&
        count('/pods', 'default', labelled('bg')) === 0,
    );
  });

  it('holds a foreground deletion until the blocking dependents are gone', async () => {
    sandbox.api.create(
      scope('apps/v1', 'Deployment'),
      deploymentManifest('fg'),
    );
    await waitFor(() => count('/pods', 'default', labelled('fg')) === 1);
    const { body } = sandbox.api.delete(scope('apps/v1', 'Deployment'), 'fg', {
      propagationPolicy: 'Foreground',
    });
    expect((body as any).metadata.finalizers).toEqual(['foregroundDeletion']);
    await waitFor(
      () => !sandbox.api.store.get('apps/deployments', 'default', 'fg'),
    );
    expect(count('apps/replicasets', 'default', labelled('fg'))).toBe(0);
    expect(count('/pods', 'default', labelled('fg'))).toBe(0);
  });

  it('orphans dependents on request, and orphans Job pods by default', async () => {
    sandbox.api.create(
      scope('apps/v1', 'Deployment'),
      deploymentManifest('orphan'),
    );
    const rs = await waitFor(() =>
      sandbox.api.store
        .list('apps/replicasets', 'default')
        .find(labelled('orphan')),
    );
    await waitFor(() => count('/pods', 'default', labelled('orphan')) === 1);
    sandbox.api.delete(scope('apps/v1', 'Deployment'), 'orphan', {
      propagationPolicy: 'Orphan',
    });
    await waitFor(
      () => !sandbox.api.store.get('apps/deployments', 'default', 'orphan'),
    );
    const kept = sandbox.api.get(
      scope('apps/v1', 'ReplicaSet'),
      rs.metadata.name!,
    );
    expect(kept.metadata.ownerReferences).toBeUndefined();

    sandbox.api.create(scope('batch/v1', 'Job'), jobManifest('left'));
    await waitFor(
      () =>
        count(
          '/pods',
          'default',
          (p: any) => p.metadata.labels?.['job-name'] === 'left',
        ) === 1,
    );
    sandbox.api.delete(scope('batch/v1', 'Job'), 'left');
    await waitFor(
      () => !sandbox.api.store.get('batch/jobs', 'default', 'left'),
    );
    const [pod] = sandbox.api.store
      .list('/pods', 'default')
      .filter((p: any) => p.metadata.labels?.['job-name'] === 'left');
    expect(pod.metadata.ownerReferences).toBeUndefined();
  });

  it('removes dangling owner references and deletes objects whose owners are all gone', async () => {
    const owner = sandbox.api.create(scope('v1', 'ConfigMap'), {
      metadata: { name: 'owner' },
    }).object;
    const ref = (name: string, uid: string) => ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      name,
      uid,
    });
    sandbox.api.create(scope('v1', 'ConfigMap'), {
      metadata: {
        name: 'both',
        ownerReferences: [
          ref('owner', owner.metadata.uid!),
          ref('ghost', 'no-such-uid'),
        ],
      },
    });
    sandbox.api.create(scope('v1', 'ConfigMap'), {
      metadata: {
        name: 'dangling',
        ownerReferences: [ref('ghost', 'no-such-uid')],
      },
    });
    await waitFor(
      () => !sandbox.api.store.get('/configmaps', 'default', 'dangling'),
    );
    const kept = await waitFor(() => {
      const both = sandbox.api.get(scope('v1', 'ConfigMap'), 'both');
      return both.metadata.ownerReferences?.length === 1 && both;
    });
    expect(kept.metadata.ownerReferences).toEqual([
      ref('owner', owner.metadata.uid!),
    ]);
    sandbox.api.delete(scope('v1', 'ConfigMap'), 'owner');
    await waitFor(
      () => !sandbox.api.store.get('/configmaps', 'default', 'both'),
    );
  });

  it('terminates a namespace with its contents, then removes it', async () => {
    sandbox.api.create(scope('v1', 'Namespace'), {
      metadata: { name: 'doomed' },
    });
    await waitFor(() =>
      sandbox.api.store.get('/serviceaccounts', 'doomed', 'default'),
    );
    sandbox.api.create(
      scope('apps/v1', 'Deployment', 'doomed'),
      deploymentManifest('app', { namespace: 'doomed' }),
    );
    await waitFor(() => count('/pods', 'doomed') === 1);
    const { body } = sandbox.api.delete(scope('v1', 'Namespace'), 'doomed');
    expect((body as any).status.phase).toBe('Terminating');
    expect((body as any).spec.finalizers).toEqual(['kubernetes']);
    await waitFor(() => !sandbox.api.store.get('/namespaces', '', 'doomed'));
    for (const key of [
      '/pods',
      'apps/deployments',
      'apps/replicasets',
      '/serviceaccounts',
    ]) {
      expect(count(key, 'doomed')).toBe(0);
    }
  });
});
