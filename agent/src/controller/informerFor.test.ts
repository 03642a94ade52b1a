import {
  KubernetesObject,
  KubernetesObjectApi,
  V1ConfigMap,
} from '@kubernetes/client-node';
import { Sandbox, startSandbox } from '@styrmin/kube-sandbox';
import { waitFor } from '../__testUtils__/operatorSandbox';
import { informerFor } from './informerFor';

/*
 * What a cache of many objects holds, and how it lists them: each object as `keep` keeps
 * it (by default without its managed fields), from the first list and from the watch alike,
 * the list asked for page by page.
 */
describe('informerFor', () => {
  let sandbox: Sandbox;
  let objects: KubernetesObjectApi;
  const configMaps = (sandboxApi: Sandbox['api']) =>
    sandboxApi.scope('v1', 'ConfigMap', 'default');

  beforeAll(async () => {
    sandbox = await startSandbox({
      workloads: false,
      flux: false,
      velero: false,
    });
    objects = KubernetesObjectApi.makeApiClient(sandbox.kubeConfig);
    // More than a page, each with managed fields, as an apply leaves them.
    for (let i = 0; i < 1_100; i++) {
      sandbox.api.create(configMaps(sandbox.api), {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: {
          name: `c${i}`,
          namespace: 'default',
          labels: { listed: 'yes' },
          managedFields: [{ manager: 'someone', operation: 'Apply' }],
        },
        data: { big: 'x'.repeat(100), small: 'y' },
      });
    }
  });

  afterAll(async () => {
    await sandbox.stop();
  });

  const lists = () =>
    [...sandbox.requestCounts]
      .filter(([key]) => key.endsWith(' list /configmaps'))
      .reduce((sum, [, n]) => sum + n, 0);

  it('lists page by page and caches every object without its managed fields, listed or watched', async () => {
    const informer = informerFor<V1ConfigMap & KubernetesObject>(
      sandbox.kubeConfig,
      objects,
      {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        plural: 'configmaps',
        namespace: 'default',
        labelSelector: 'listed=yes',
      },
    );
    const before = lists();
    await informer.start();
    try {
      expect(lists() - before).toBe(3);
      // Bookmarks keep a quiet watch open.
      expect(
        sandbox.requests.some(
          r =>
            r.path === '/api/v1/namespaces/default/configmaps' &&
            r.query.watch === 'true' &&
            r.query.allowWatchBookmarks === 'true',
        ),
      ).toBe(true);
      expect(informer.list('default')).toHaveLength(1_100);
      const listed = informer.get('c7', 'default')!;
      expect(listed).toMatchObject({ apiVersion: 'v1', kind: 'ConfigMap' });
      expect(listed.metadata!.managedFields).toBeUndefined();
      expect(listed.data).toEqual({ big: 'x'.repeat(100), small: 'y' });

      sandbox.api.patch(configMaps(sandbox.api), 'c7', 'merge', {
        data: { small: 'z' },
      });
      const watched = await waitFor(
        () =>
          informer.get('c7', 'default')?.data?.small === 'z' &&
          informer.get('c7', 'default'),
      );
      expect(watched.metadata!.managedFields).toBeUndefined();
    } finally {
      await informer.stop();
    }
  });

  it('keeps of each object what `keep` keeps', async () => {
    const informer = informerFor<V1ConfigMap & KubernetesObject>(
      sandbox.kubeConfig,
      objects,
      {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        plural: 'configmaps',
        namespace: 'default',
        labelSelector: 'listed=yes',
        keep: ({ data, ...object }) => ({
          ...object,
          data: { small: data!.small },
        }),
      },
    );
    await informer.start();
    try {
      expect(informer.get('c1', 'default')!.data).toEqual({ small: 'y' });
      sandbox.api.patch(configMaps(sandbox.api), 'c1', 'merge', {
        data: { small: 'w' },
      });
      const watched = await waitFor(
        () =>
          informer.get('c1', 'default')?.data?.small === 'w' &&
          informer.get('c1', 'default'),
      );
      expect(watched.data).toEqual({ small: 'w' });
    } finally {
      await informer.stop();
    }
  });
});
