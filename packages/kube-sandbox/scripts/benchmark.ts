/*
 * Prints kube-sandbox figures (never a test): list and watch throughput with 10,000 objects,
 * the memory they hold, and the time from a HelmRelease change to Ready pods.
 *
 *   yarn workspace @styrmin/kube-sandbox benchmark
 */
import { CoreV1Api, CustomObjectsApi, Watch } from '@kubernetes/client-node';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startSandbox } from '../src';
import { createChart, startHelmRepository } from '../src/testing/chartServers';

const OBJECTS = 10_000;

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

async function timed<T>(
  work: () => Promise<T> | T,
): Promise<{ ms: number; value: T }> {
  const start = process.hrtime.bigint();
  const value = await work();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, value };
}

async function until(check: () => Promise<boolean> | boolean): Promise<void> {
  while (!(await check())) {
    await new Promise(resolve => setTimeout(resolve, 5));
  }
}

async function main() {
  const figures: Array<[string, string]> = [];
  const report = (name: string, value: string) => {
    figures.push([name, value]);
    process.stdout.write(`${name.padEnd(62)} ${value}\n`);
  };
  const charts = await fs.mkdtemp(
    path.join(os.tmpdir(), 'kube-sandbox-bench-'),
  );
  // The chart comes over HTTP from a Helm repository on loopback, as Flux fetches it.
  const repository = await startHelmRepository({
    charts: [await createChart(charts, 'demo')],
  });
  const sandbox = await startSandbox({
    velero: false,
    historySize: 2 * OBJECTS,
  });
  try {
    const core = sandbox.kubeConfig.makeApiClient(CoreV1Api);
    const scope = sandbox.api.scope('v1', 'ConfigMap', 'default');

    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const created = await timed(() => {
      for (let i = 0; i < OBJECTS; i++) {
        sandbox.api.create(scope, {
          metadata: {
            name: `cm-${String(i).padStart(5, '0')}`,
            labels: { bench: 'yes', shard: String(i % 10) },
          },
          data: { index: String(i), payload: 'x'.repeat(200) },
        });
      }
    });
    report(
      `create ${OBJECTS} ConfigMaps in-process`,
      `${created.ms.toFixed(0)} ms (${((OBJECTS / created.ms) * 1000).toFixed(
        0,
      )}/s)`,
    );
    global.gc?.();
    report(
      `heap held by ${OBJECTS} objects and their history`,
      mib(process.memoryUsage().heapUsed - heapBefore),
    );

    const full = await timed(() =>
      core.listNamespacedConfigMap({ namespace: 'default' }),
    );
    report(
      `list ${full.value.items.length} over HTTPS (client-node, one page)`,
      `${full.ms.toFixed(0)} ms`,
    );
    const paged = await timed(async () => {
      let token: string | undefined;
      let count = 0;
      do {
        const page = await core.listNamespacedConfigMap({
          namespace: 'default',
          limit: 500,
          _continue: token,
        });
        count += page.items.length;
        token = page.metadata?._continue;
      } while (token);
      return count;
    });
    report(`list ${paged.value} in pages of 500`, `${paged.ms.toFixed(0)} ms`);
    const selected = await timed(() =>
      core.listNamespacedConfigMap({
        namespace: 'default',
        labelSelector: 'shard=3',
      }),
    );
    report(
      `list with labelSelector (${selected.value.items.length} of ${OBJECTS})`,
      `${selected.ms.toFixed(0)} ms`,
    );

    const watch = new Watch(sandbox.kubeConfig);
    let received = 0;
    const initial = await timed(async () => {
      const controller = await watch.watch(
        '/api/v1/namespaces/default/configmaps',
        {},
        () => received++,
        () => undefined,
      );
      await until(() => received >= OBJECTS);
      return controller;
    });
    report(
      `watch from scratch: ${OBJECTS} synthetic ADDED events`,
      `${initial.ms.toFixed(0)} ms (${((OBJECTS / initial.ms) * 1000).toFixed(
        0,
      )}/s)`,
    );
    received = 0;
    const live = await timed(async () => {
      for (let i = 0; i < OBJECTS; i++) {
        sandbox.api.patch(scope, `cm-${String(i).padStart(5, '0')}`, 'merge', {
          data: { index: `${i}-changed` },
        });
        if (i % 1000 === 999) {
          await new Promise(resolve => setImmediate(resolve));
        }
      }
      await until(() => received >= OBJECTS);
    });
    report(
      `${OBJECTS} updates delivered to a watcher over HTTPS`,
      `${live.ms.toFixed(0)} ms (${((OBJECTS / live.ms) * 1000).toFixed(0)}/s)`,
    );
    initial.value.abort();

    const custom = sandbox.kubeConfig.makeApiClient(CustomObjectsApi);
    sandbox.api.create(
      sandbox.api.scope(
        'source.toolkit.fluxcd.io/v1',
        'HelmRepository',
        'default',
      ),
      {
        metadata: { name: 'charts' },
        spec: { url: repository.url, interval: '10m' },
      },
    );
    const ready = async (generation: number) => {
      const release: any = await custom.getNamespacedCustomObject({
        group: 'helm.toolkit.fluxcd.io',
        version: 'v2',
        namespace: 'default',
        plural: 'helmreleases',
        name: 'demo',
      });
      return (
        release.status?.observedGeneration === generation &&
        release.status?.conditions?.some(
          (c: any) => c.type === 'Ready' && c.status === 'True',
        )
      );
    };
    const install = await timed(async () => {
      await custom.createNamespacedCustomObject({
        group: 'helm.toolkit.fluxcd.io',
        version: 'v2',
        namespace: 'default',
        plural: 'helmreleases',
        body: {
          apiVersion: 'helm.toolkit.fluxcd.io/v2',
          kind: 'HelmRelease',
          metadata: { name: 'demo' },
          spec: {
            interval: '5m',
            chart: {
              spec: {
                chart: 'demo',
                version: '0.1.x',
                sourceRef: { kind: 'HelmRepository', name: 'charts' },
              },
            },
            values: { replicaCount: 3 },
          },
        },
      });
      await until(() => ready(1));
    });
    report(
      'HelmRelease install (chart fetched over HTTP) to 3 Ready pods',
      `${install.ms.toFixed(0)} ms`,
    );
    const upgrade = await timed(async () => {
      sandbox.api.patch(
        sandbox.api.scope(
          'helm.toolkit.fluxcd.io/v2',
          'HelmRelease',
          'default',
        ),
        'demo',
        'merge',
        {
          spec: { values: { replicaCount: 3, image: { tag: '1.27' } } },
        },
      );
      await until(() => ready(2));
    });
    report(
      'HelmRelease change (new image) to Ready pods',
      `${upgrade.ms.toFixed(0)} ms`,
    );
  } finally {
    await sandbox.stop();
    await repository.stop();
    await fs.rm(charts, { recursive: true, force: true });
  }
}

main().catch(error => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
