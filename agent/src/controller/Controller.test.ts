import {
  CoreV1Api,
  KubernetesObject,
  makeInformer,
  V1ConfigMap,
} from '@kubernetes/client-node';
import { Sandbox, startSandbox } from '@styrmin/kube-sandbox';
import { memoryLogger, waitFor } from '../__testUtils__/operatorSandbox';
import { Controller } from './Controller';
import { Reconciler, ReconcileResult } from './Reconciler';
import { TerminalError } from './TerminalError';
import { WorkQueue } from '@styrmin/workqueue';

jest.setTimeout(30_000);

/*
 * The controller on a bare kube-sandbox, with ConfigMaps as the watched kind and a reconciler
 * that does what each test tells it.
 */
describe('Controller', () => {
  let sandbox: Sandbox;
  let core: CoreV1Api;
  let controller: Controller | undefined;
  const logger = memoryLogger();

  beforeAll(async () => {
    sandbox = await startSandbox({
      workloads: false,
      flux: false,
      velero: false,
    });
    core = sandbox.kubeConfig.makeApiClient(CoreV1Api);
  });

  afterEach(async () => {
    await controller?.stop();
    controller = undefined;
    await core.deleteCollectionNamespacedConfigMap({ namespace: 'default' });
  });

  afterAll(async () => {
    await sandbox.stop();
  });

  const configMap = (name: string) =>
    core.createNamespacedConfigMap({
      namespace: 'default',
      body: { metadata: { name } },
    });

  function start(
    reconcile: (key: string) => Promise<ReconcileResult>,
    options: { workers?: number } = {},
  ) {
    const informer = makeInformer<V1ConfigMap>(
      sandbox.kubeConfig,
      '/api/v1/namespaces/default/configmaps',
      () => core.listNamespacedConfigMap({ namespace: 'default' }),
    );
    const reconciler: Reconciler = { reconcile };
    controller = Controller.create({
      name: 'test',
      sources: [
        {
          kind: 'ConfigMap',
          informer: informer as any,
          keysFor: (o: KubernetesObject) => [
            `${o.metadata!.namespace}/${o.metadata!.name}`,
          ],
        },
      ],
      reconciler,
      logger,
      queue: WorkQueue.create({ baseDelayMs: 5, maxDelayMs: 40 }),
      workers: options.workers,
      restartDelayMs: 5,
    });
    return { informer, started: controller.start() };
  }

  it('starts the workers once the informers have listed, and reconciles each key', async () => {
    await configMap('a');
    await configMap('b');
    const cachedAtFirstReconcile: number[] = [];
    const reconciled = new Set<string>();
    const { informer, started } = start(async key => {
      cachedAtFirstReconcile.push(informer.list().length);
      reconciled.add(key);
      return {};
    });
    await started;
    await configMap('c');
    await waitFor(() => reconciled.size === 3);
    expect(cachedAtFirstReconcile[0]).toBe(2);
    expect([...reconciled].sort()).toEqual([
      'default/a',
      'default/b',
      'default/c',
    ]);
  });

  it('never reconciles one key twice at once, whatever the events', async () => {
    await configMap('a');
    let running = 0;
    let overlapped = false;
    let calls = 0;
    const { started } = start(
      async () => {
        running += 1;
        overlapped ||= running > 1;
        calls += 1;
        await new Promise(resolve => setImmediate(resolve));
        running -= 1;
        return {};
      },
      { workers: 4 },
    );
    await started;
    for (let i = 0; i < 10; i += 1) {
      await core.patchNamespacedConfigMap({
        name: 'a',
        namespace: 'default',
        body: [{ op: 'add', path: '/data', value: { i: `${i}` } }],
      });
    }
    await waitFor(() => calls >= 2);
    expect(overlapped).toBe(false);
  });

  it('retries errors with backoff, drops terminal errors, and looks again when asked', async () => {
    await configMap('flaky');
    await configMap('broken');
    await configMap('waiting');
    const calls: Record<string, number> = {};
    const { started } = start(async key => {
      const name = key.split('/')[1];
      calls[name] = (calls[name] ?? 0) + 1;
      if (name === 'flaky' && calls[name] < 4) {
        throw new Error('the API was busy');
      }
      if (name === 'broken') {
        throw new TerminalError('the spec is wrong');
      }
      if (name === 'waiting' && calls[name] < 3) {
        return { requeueAfterMs: 10 };
      }
      return {};
    });
    await started;
    await waitFor(() => calls.flaky === 4 && calls.waiting === 3);
    expect(calls.broken).toBe(1);
    expect(logger.lines.join('\n')).toMatch(
      /msg="Reconciler error" controller=test key=default\/flaky terminal=false error="the API was busy"/,
    );
    expect(logger.lines.join('\n')).toMatch(
      /key=default\/broken terminal=true error="the spec is wrong"/,
    );
  });

  it('keeps watching after a 410 Expired: the informer lists again', async () => {
    const seen = new Set<string>();
    const { started } = start(async key => {
      seen.add(key);
      return {};
    });
    await started;
    await configMap('before');
    await waitFor(() => seen.has('default/before'));
    sandbox.faults.expireWatches();
    sandbox.faults.compactHistory();
    await configMap('after');
    await waitFor(() => seen.has('default/after'), {
      what: 'an event after the relist',
    });
    expect(
      sandbox.requests.filter(
        r =>
          r.path === '/api/v1/namespaces/default/configmaps' && !r.query.watch,
      ).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('starts an informer again when its watch breaks', async () => {
    const seen = new Set<string>();
    const { started } = start(async key => {
      seen.add(key);
      return {};
    });
    await started;
    sandbox.faults.dropWatches({ resource: 'configmaps', reset: true });
    await configMap('after-reset');
    await waitFor(() => seen.has('default/after-reset'), {
      what: 'an event after the restart',
    });
    expect(logger.lines.join('\n')).toMatch(
      /msg="Watch failed" controller=test kind=ConfigMap/,
    );
  });

  it('starts a failed informer again until it lists', async () => {
    const removeFault = sandbox.faults.inject({
      verb: 'list',
      resource: 'configmaps',
      status: 503,
      times: 2,
    });
    await configMap('late');
    const seen = new Set<string>();
    const { started } = start(async key => {
      seen.add(key);
      return {};
    });
    await started;
    removeFault();
    await waitFor(() => seen.has('default/late'));
    expect(logger.lines.join('\n')).toMatch(
      /msg="Failed to list" controller=test kind=ConfigMap/,
    );
  });
});
