import {
  ApiException,
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  KubernetesObjectApi,
  makeInformer,
  PatchStrategy,
  setHeaderOptions,
  V1ConfigMap,
  V1Deployment,
  Watch,
} from '@kubernetes/client-node';
import { Sandbox, startSandbox } from '../Sandbox';
import { waitFor } from '../testing/waitFor';

// A loaded machine stretches what takes milliseconds alone.
jest.setTimeout(30_000);

/*
 * Conformance with @kubernetes/client-node 2.x: typed APIs, KubernetesObjectApi, Watch and an
 * informer, each rule checked through the client as the agent uses it.
 */

const deployment = (name: string, replicas = 1): V1Deployment => ({
  metadata: { name, labels: { app: name } },
  spec: {
    replicas,
    selector: { matchLabels: { app: name } },
    template: {
      metadata: { labels: { app: name } },
      spec: {
        containers: [
          {
            name: 'app',
            image: 'nginx:1.27',
            env: [{ name: 'A', value: '1' }],
          },
        ],
      },
    },
  },
});

async function apiFailure(
  promise: Promise<unknown>,
): Promise<{ code: number; body: any }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiException) {
      return {
        code: error.code,
        body:
          typeof error.body === 'string' ? JSON.parse(error.body) : error.body,
      };
    }
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('client-node conformance', () => {
  let sandbox: Sandbox;
  let core: CoreV1Api;
  let apps: AppsV1Api;

  beforeAll(async () => {
    // A bare API server: the simulated Deployment controller would race these tests' own
    // status writes with its own (a 409 Conflict on a loaded machine).
    sandbox = await startSandbox({ bookmarkIntervalMs: 20, workloads: false });
    core = sandbox.kubeConfig.makeApiClient(CoreV1Api);
    apps = sandbox.kubeConfig.makeApiClient(AppsV1Api);
  });

  afterAll(async () => {
    await sandbox.stop();
  });

  describe('typed APIs', () => {
    it('create, read, replace, list and delete with their failure codes', async () => {
      const namespace = 'default';
      const created = await core.createNamespacedConfigMap({
        namespace,
        body: { metadata: { name: 'typed' }, data: { a: '1' } },
      });
      expect(created.metadata?.uid).toBeDefined();
      expect(
        await apiFailure(
          core.createNamespacedConfigMap({
            namespace,
            body: { metadata: { name: 'typed' } },
          }),
        ),
      ).toMatchObject({
        code: 409,
        body: { reason: 'AlreadyExists' },
      });
      const replaced = await core.replaceNamespacedConfigMap({
        name: 'typed',
        namespace,
        body: { ...created, data: { a: '2' } },
      });
      expect(replaced.data).toEqual({ a: '2' });
      expect(
        await apiFailure(
          core.replaceNamespacedConfigMap({
            name: 'typed',
            namespace,
            body: created,
          }),
        ),
      ).toMatchObject({
        code: 409,
        body: { reason: 'Conflict' },
      });
      expect(
        await apiFailure(
          core.readNamespacedConfigMap({ name: 'nope', namespace }),
        ),
      ).toMatchObject({
        code: 404,
        body: { reason: 'NotFound', message: 'configmaps "nope" not found' },
      });
      expect(
        await apiFailure(
          core.createNamespacedConfigMap({
            namespace,
            body: { metadata: { name: 'Bad_Name' } },
          }),
        ),
      ).toMatchObject({
        code: 422,
        body: {
          reason: 'Invalid',
          details: {
            causes: [expect.objectContaining({ field: 'metadata.name' })],
          },
        },
      });
      const status = await core.deleteNamespacedConfigMap({
        name: 'typed',
        namespace,
      });
      expect(status.status).toBe('Success');
    });

    it("deletes only with the uid of the DeleteOptions' preconditions, and answers 409 Conflict otherwise", async () => {
      const namespace = 'default';
      const first = await core.createNamespacedConfigMap({
        namespace,
        body: { metadata: { name: 'recreated' } },
      });
      await core.deleteNamespacedConfigMap({ name: 'recreated', namespace });
      const second = await core.createNamespacedConfigMap({
        namespace,
        body: { metadata: { name: 'recreated' } },
      });
      expect(
        await apiFailure(
          core.deleteNamespacedConfigMap({
            name: 'recreated',
            namespace,
            body: { preconditions: { uid: first.metadata!.uid } },
          }),
        ),
      ).toMatchObject({
        code: 409,
        body: {
          reason: 'Conflict',
          message: expect.stringContaining(
            `Precondition failed: UID in precondition: ${first.metadata!.uid}`,
          ),
        },
      });
      await expect(
        core.readNamespacedConfigMap({ name: 'recreated', namespace }),
      ).resolves.toMatchObject({ metadata: { uid: second.metadata!.uid } });
      await core.deleteNamespacedConfigMap({
        name: 'recreated',
        namespace,
        body: { preconditions: { uid: second.metadata!.uid } },
      });
      expect(
        await apiFailure(
          core.readNamespacedConfigMap({ name: 'recreated', namespace }),
        ),
      ).toMatchObject({ code: 404 });
    });

    it('pages a list with limit and _continue', async () => {
      for (let i = 0; i < 5; i++) {
        await core.createNamespacedSecret({
          namespace: 'default',
          body: { metadata: { name: `page-${i}` }, stringData: { k: `${i}` } },
        });
      }
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await core.listNamespacedSecret({
          namespace: 'default',
          limit: 2,
          _continue: token,
          labelSelector: '',
        });
        names.push(...page.items.map(s => s.metadata!.name!));
        token = page.metadata?._continue;
      } while (token);
      expect(names).toEqual(['page-0', 'page-1', 'page-2', 'page-3', 'page-4']);
      const secret = await core.readNamespacedSecret({
        name: 'page-3',
        namespace: 'default',
      });
      expect(secret.data).toEqual({ k: Buffer.from('3').toString('base64') });
      expect(secret.type).toBe('Opaque');
    });

    it('patches with each patch type', async () => {
      const namespace = 'default';
      await apps.createNamespacedDeployment({
        namespace,
        body: deployment('patched'),
      });
      // The generated method sends a JSON patch by default.
      const json = await apps.patchNamespacedDeployment({
        name: 'patched',
        namespace,
        body: [{ op: 'replace', path: '/spec/replicas', value: 2 }],
      });
      expect(json.spec?.replicas).toBe(2);
      expect(json.metadata?.generation).toBe(2);
      const merge = await apps.patchNamespacedDeployment(
        {
          name: 'patched',
          namespace,
          body: { metadata: { labels: { team: 'a' } } },
        },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      );
      expect(merge.metadata?.labels).toEqual({ app: 'patched', team: 'a' });
      expect(merge.metadata?.generation).toBe(2);
      const strategic = await apps.patchNamespacedDeployment(
        {
          name: 'patched',
          namespace,
          body: {
            spec: {
              template: {
                spec: {
                  containers: [
                    { name: 'app', env: [{ name: 'B', value: '2' }] },
                  ],
                },
              },
            },
          },
        },
        setHeaderOptions('Content-Type', PatchStrategy.StrategicMergePatch),
      );
      expect(strategic.spec?.template.spec?.containers[0].env).toEqual([
        { name: 'A', value: '1' },
        { name: 'B', value: '2' },
      ]);
      const applied = await apps.patchNamespacedDeployment(
        {
          name: 'patched',
          namespace,
          body: {
            apiVersion: 'apps/v1',
            kind: 'Deployment',
            ...deployment('patched', 3),
          },
          fieldManager: 'agent',
          force: true,
        },
        setHeaderOptions('Content-Type', PatchStrategy.ServerSideApply),
      );
      expect(applied.spec?.replicas).toBe(3);
      expect(
        applied.metadata?.managedFields?.map(
          m => `${m.manager}/${m.operation}`,
        ),
      ).toContain('agent/Apply');
      const failedTest = await apiFailure(
        apps.patchNamespacedDeployment({
          name: 'patched',
          namespace,
          body: [{ op: 'test', path: '/spec/replicas', value: 9 }],
        }),
      );
      expect(failedTest).toMatchObject({
        code: 422,
        body: { reason: 'Invalid' },
      });
    });

    it('stores the namespace policies that dashboards list: LimitRanges and ResourceQuotas', async () => {
      const namespace = 'default';
      expect(
        (await core.listNamespacedLimitRange({ namespace })).items,
      ).toEqual([]);
      await core.createNamespacedResourceQuota({
        namespace,
        body: { metadata: { name: 'pods' }, spec: { hard: { pods: '10' } } },
      });
      expect(
        (await core.listNamespacedResourceQuota({ namespace })).items.map(
          quota => [quota.metadata?.name, quota.spec?.hard],
        ),
      ).toEqual([['pods', { pods: '10' }]]);
    });

    it('scales through the scale subresource and writes status through /status', async () => {
      const namespace = 'default';
      await apps.createNamespacedDeployment({
        namespace,
        body: deployment('scaled'),
      });
      const scale = await apps.patchNamespacedDeploymentScale(
        { name: 'scaled', namespace, body: { spec: { replicas: 5 } } },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      );
      expect(scale.spec?.replicas).toBe(5);
      const current = await apps.readNamespacedDeployment({
        name: 'scaled',
        namespace,
      });
      const withStatus = await apps.replaceNamespacedDeploymentStatus({
        name: 'scaled',
        namespace,
        body: { ...current, status: { observedGeneration: 2, replicas: 5 } },
      });
      expect(withStatus.status?.replicas).toBe(5);
      expect(
        (
          await apps.readNamespacedDeploymentScale({
            name: 'scaled',
            namespace,
          })
        ).status?.replicas,
      ).toBe(5);
    });
  });

  describe('KubernetesObjectApi and CustomObjectsApi', () => {
    beforeAll(async () => {
      const objects = KubernetesObjectApi.makeApiClient(sandbox.kubeConfig);
      await objects.create({
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'CustomResourceDefinition',
        metadata: { name: 'helmthings.example.com' },
        spec: {
          group: 'example.com',
          scope: 'Namespaced',
          names: {
            plural: 'helmthings',
            singular: 'helmthing',
            kind: 'HelmThing',
          },
          versions: [
            {
              name: 'v1',
              served: true,
              storage: true,
              subresources: { status: {} },
              // Fields the schema does not name are pruned, as a real server does.
              schema: {
                openAPIV3Schema: {
                  type: 'object',
                  properties: {
                    spec: {
                      type: 'object',
                      properties: { size: { type: 'integer' } },
                    },
                    status: {
                      type: 'object',
                      properties: { ready: { type: 'boolean' } },
                    },
                  },
                },
              },
            },
          ],
        },
      } as any);
    });

    it('resolves kinds through discovery and patches custom resources (415 for strategic merge)', async () => {
      const objects = KubernetesObjectApi.makeApiClient(sandbox.kubeConfig);
      const spec = {
        apiVersion: 'example.com/v1',
        kind: 'HelmThing',
        metadata: { name: 'thing', namespace: 'default' },
        spec: { size: 1 },
      };
      await objects.create(spec);
      const read = await objects.read({
        apiVersion: 'example.com/v1',
        kind: 'HelmThing',
        metadata: { name: 'thing', namespace: 'default' },
      });
      expect((read as any).spec).toEqual({ size: 1 });
      const strategic = await apiFailure(
        objects.patch({ ...spec, spec: { size: 2 } } as any),
      );
      expect(strategic.code).toBe(415);
      const merged = await objects.patch(
        { ...spec, spec: { size: 2 } } as any,
        undefined,
        undefined,
        undefined,
        undefined,
        PatchStrategy.MergePatch,
      );
      expect((merged as any).spec).toEqual({ size: 2 });
      const listed = await objects.list(
        'example.com/v1',
        'HelmThing',
        'default',
      );
      expect(listed.items.map(i => i.metadata?.name)).toEqual(['thing']);
      expect(
        sandbox.requests.some(
          r => r.path === '/apis/example.com/v1' && r.method === 'GET',
        ),
      ).toBe(true);

      const custom = sandbox.kubeConfig.makeApiClient(CustomObjectsApi);
      const status = await custom.patchNamespacedCustomObjectStatus(
        {
          group: 'example.com',
          version: 'v1',
          namespace: 'default',
          plural: 'helmthings',
          name: 'thing',
          body: { status: { ready: true } },
        },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      );
      expect(status.status).toEqual({ ready: true });
      await objects.delete(spec);
      expect((await apiFailure(objects.read(spec))).code).toBe(404);
    });
  });

  describe('Watch', () => {
    const path = '/api/v1/namespaces/default/configmaps';

    async function collect(query: Record<string, string | boolean | number>) {
      const events: Array<{ type: string; object: any }> = [];
      const ended: { error?: unknown; done: boolean } = { done: false };
      const controller = await new Watch(sandbox.kubeConfig).watch(
        path,
        query,
        (type, object) => events.push({ type, object }),
        error => {
          ended.done = true;
          ended.error = error;
        },
      );
      return { events, ended, controller };
    }

    it('turns objects that start or stop matching a selector into ADDED and DELETED', async () => {
      const watch = await collect({ labelSelector: 'watched=yes' });
      const configMap = (
        labels: Record<string, string>,
        data = {},
      ): V1ConfigMap => ({ metadata: { name: 'sel', labels }, data });
      await core.createNamespacedConfigMap({
        namespace: 'default',
        body: configMap({ watched: 'yes' }),
      });
      await core.patchNamespacedConfigMap({
        name: 'sel',
        namespace: 'default',
        body: [{ op: 'add', path: '/data', value: { a: '1' } }],
      });
      await core.patchNamespacedConfigMap({
        name: 'sel',
        namespace: 'default',
        body: [
          { op: 'replace', path: '/metadata/labels/watched', value: 'no' },
        ],
      });
      await core.patchNamespacedConfigMap({
        name: 'sel',
        namespace: 'default',
        body: [{ op: 'replace', path: '/data/a', value: '2' }],
      });
      await core.patchNamespacedConfigMap({
        name: 'sel',
        namespace: 'default',
        body: [
          { op: 'replace', path: '/metadata/labels/watched', value: 'yes' },
        ],
      });
      await core.deleteNamespacedConfigMap({
        name: 'sel',
        namespace: 'default',
      });
      await waitFor(() => watch.events.length >= 5);
      expect(watch.events.map(e => e.type)).toEqual([
        'ADDED',
        'MODIFIED',
        'DELETED',
        'ADDED',
        'DELETED',
      ]);
      // The DELETED for "stopped matching" carries the last matching state at the new version.
      expect(watch.events[2].object.metadata.labels).toEqual({
        watched: 'yes',
      });
      expect(
        Number(watch.events[2].object.metadata.resourceVersion),
      ).toBeGreaterThan(
        Number(watch.events[1].object.metadata.resourceVersion),
      );
      watch.controller.abort();
    });

    it('replays history after a resourceVersion, sends bookmarks on request and ends at timeoutSeconds', async () => {
      const first = await core.createNamespacedConfigMap({
        namespace: 'default',
        body: { metadata: { name: 'replay-1' } },
      });
      await core.createNamespacedConfigMap({
        namespace: 'default',
        body: { metadata: { name: 'replay-2' } },
      });
      const watch = await collect({
        resourceVersion: first.metadata!.resourceVersion!,
        allowWatchBookmarks: true,
        timeoutSeconds: 1,
      });
      await waitFor(() => watch.events.some(e => e.type === 'BOOKMARK'));
      expect(watch.events[0]).toMatchObject({
        type: 'ADDED',
        object: { metadata: { name: 'replay-2' } },
      });
      expect(watch.events.find(e => e.type === 'BOOKMARK')!.object).toEqual({
        kind: 'ConfigMap',
        apiVersion: 'v1',
        metadata: { resourceVersion: expect.any(String) },
      });
      await waitFor(() => watch.ended.done, {
        what: 'the server to end the watch',
      });
      expect(watch.ended.error).toBeFalsy();
    });

    it('starts with the current objects without a resourceVersion and gets ERROR 410 past the history', async () => {
      const old = String(sandbox.api.store.resourceVersion);
      await core.createNamespacedConfigMap({
        namespace: 'default',
        body: { metadata: { name: 'expire' } },
      });
      const initial = await collect({ fieldSelector: 'metadata.name=expire' });
      await waitFor(() => initial.events.length === 1);
      expect(initial.events[0].type).toBe('ADDED');
      initial.controller.abort();

      sandbox.faults.compactHistory();
      const expired = await collect({ resourceVersion: old });
      await waitFor(() => expired.ended.done);
      expect(expired.events).toEqual([
        {
          type: 'ERROR',
          object: expect.objectContaining({ code: 410, reason: 'Expired' }),
        },
      ]);
    });

    it('reports dropped streams: a clean end, or a connection reset as an error', async () => {
      const clean = await collect({});
      await waitFor(() => sandbox.openWatches > 0);
      expect(
        sandbox.faults.dropWatches({ resource: 'configmaps' }),
      ).toBeGreaterThan(0);
      await waitFor(() => clean.ended.done);
      expect(clean.ended.error).toBeFalsy();
      const reset = await collect({});
      await waitFor(() => sandbox.openWatches > 0);
      sandbox.faults.dropWatches({ resource: 'configmaps', reset: true });
      await waitFor(() => reset.ended.done);
      expect(reset.ended.error).toBeTruthy();
    });
  });

  describe('informer', () => {
    it('relists after a 410 and keeps its cache right', async () => {
      const namespace = 'informed';
      await core.createNamespace({ body: { metadata: { name: namespace } } });
      await core.createNamespacedConfigMap({
        namespace,
        body: { metadata: { name: 'before' } },
      });
      const path = `/api/v1/namespaces/${namespace}/configmaps`;
      const informer = makeInformer(sandbox.kubeConfig, path, () =>
        core.listNamespacedConfigMap({ namespace }),
      );
      const added: string[] = [];
      const deleted: string[] = [];
      const errors: unknown[] = [];
      informer.on('add', o => added.push(o.metadata!.name!));
      informer.on('delete', o => deleted.push(o.metadata!.name!));
      informer.on('error', e => errors.push(e));
      await informer.start();
      try {
        await waitFor(() => added.includes('before'));
        await core.createNamespacedConfigMap({
          namespace,
          body: { metadata: { name: 'live' } },
        });
        await waitFor(() => added.includes('live'));

        const lists = () =>
          sandbox.requests.filter(
            r => r.path === path && r.query.watch === undefined,
          ).length;
        const listsBefore = lists();
        // Changes the informer misses while its watch expires: it must relist to see them.
        sandbox.faults.compactHistory();
        sandbox.faults.expireWatches({ resource: 'configmaps', namespace });
        await core.deleteNamespacedConfigMap({ name: 'before', namespace });
        await core.createNamespacedConfigMap({
          namespace,
          body: { metadata: { name: 'after' } },
        });
        await waitFor(() => lists() > listsBefore, { what: 'a relist' });
        await waitFor(
          () => added.includes('after') && deleted.includes('before'),
          { what: 'the cache to catch up' },
        );
        expect(
          informer
            .list()
            .map(o => o.metadata!.name)
            .sort(),
        ).toEqual(['after', 'live']);
        expect(errors).toEqual([]);
      } finally {
        await informer.stop();
      }
    });
  });
});
