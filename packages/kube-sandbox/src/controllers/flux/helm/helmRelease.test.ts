import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Sandbox, startSandbox } from '../../../Sandbox';
import { KubeObject } from '../../../store/types';
import {
  createChart,
  HelmRepositoryServer,
  packageChart,
  startHelmRepository,
  startOciRegistry,
} from '../../../testing/chartServers';
import { waitFor } from '../../../testing/waitFor';

jest.setTimeout(30_000);

describe('Flux stand-in', () => {
  let sandbox: Sandbox;
  let charts: string;
  let repository: HelmRepositoryServer;
  const releases = () =>
    sandbox.api.scope('helm.toolkit.fluxcd.io/v2', 'HelmRelease', 'default');
  const release = (name: string) => sandbox.api.get(releases(), name);
  const condition = (object: KubeObject, type: string) =>
    object.status?.conditions?.find((c: any) => c.type === type);
  const readyReason = (name: string) => {
    const current = release(name);
    const ready = condition(current, 'Ready');
    return ready?.observedGeneration === current.metadata.generation
      ? ready.reason
      : undefined;
  };
  const helmRelease = (name: string, spec: Record<string, unknown>) => ({
    metadata: { name },
    spec: {
      interval: '5m',
      chart: {
        spec: {
          chart: 'demo',
          version: '0.1.x',
          sourceRef: { kind: 'HelmRepository', name: 'stable' },
        },
      },
      ...spec,
    },
  });

  beforeAll(async () => {
    charts = await fs.mkdtemp(path.join(os.tmpdir(), 'kube-sandbox-charts-'));
    await createChart(charts, 'demo');
    await fs.mkdir(path.join(charts, 'broken', 'templates'), {
      recursive: true,
    });
    await fs.writeFile(
      path.join(charts, 'broken', 'Chart.yaml'),
      'apiVersion: v2\nname: broken\nversion: 1.0.0\n',
    );
    await fs.writeFile(
      path.join(charts, 'broken', 'templates', 'cm.yaml'),
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ required "value greeting is required" .Values.greeting }}\n',
    );
    repository = await startHelmRepository({
      charts: [path.join(charts, 'demo'), path.join(charts, 'broken')],
    });
    sandbox = await startSandbox({
      workloads: { startDelayMs: 5, readyDelayMs: 5 },
    });
    sandbox.api.create(
      sandbox.api.scope(
        'source.toolkit.fluxcd.io/v1',
        'HelmRepository',
        'default',
      ),
      {
        metadata: { name: 'stable' },
        spec: { url: repository.url, interval: '10m' },
      },
    );
  });

  afterAll(async () => {
    await sandbox.stop();
    await repository.stop();
    await fs.rm(charts, { recursive: true, force: true });
  });

  it('installs a chart with a post-render patch, and its pods become Ready', async () => {
    sandbox.api.create(
      releases(),
      helmRelease('demo', {
        values: { replicaCount: 2 },
        postRenderers: [
          {
            kustomize: {
              patches: [
                {
                  target: { kind: 'Deployment', name: 'demo' },
                  patch: [
                    'apiVersion: apps/v1',
                    'kind: Deployment',
                    'metadata: {name: demo}',
                    'spec:',
                    '  template:',
                    '    spec:',
                    '      containers:',
                    '        - name: demo',
                    '          env: [{name: MODE, value: sandbox}]',
                  ].join('\n'),
                },
              ],
            },
          },
        ],
      }),
    );
    await waitFor(() => readyReason('demo') === 'InstallSucceeded', {
      timeoutMs: 15_000,
    });
    const installed = release('demo');
    expect(condition(installed, 'Ready').message).toBe(
      'Helm install succeeded for release default/demo.v1 with chart demo@0.1.0',
    );
    expect(condition(installed, 'Released')).toMatchObject({
      status: 'True',
      reason: 'InstallSucceeded',
    });
    expect(installed.status).toMatchObject({
      observedGeneration: 1,
      lastAttemptedRevision: '0.1.0',
      lastAttemptedReleaseAction: 'install',
      helmChart: 'default/default-demo',
      history: [
        expect.objectContaining({
          chartName: 'demo',
          chartVersion: '0.1.0',
          status: 'deployed',
          version: 1,
        }),
      ],
    });
    expect(installed.status.inventory.entries).toContainEqual({
      id: 'default_demo_apps_Deployment',
      v: 'v1',
    });

    const deployment = sandbox.api.get(
      sandbox.api.scope('apps/v1', 'Deployment', 'default'),
      'demo',
    );
    expect(deployment.metadata.labels).toMatchObject({
      'helm.toolkit.fluxcd.io/name': 'demo',
      'helm.toolkit.fluxcd.io/namespace': 'default',
      'app.kubernetes.io/managed-by': 'Helm',
    });
    expect(deployment.spec.template.spec.containers[0].env).toEqual([
      { name: 'MODE', value: 'sandbox' },
    ]);
    expect(deployment.status.readyReplicas).toBe(2);
    const chart = sandbox.api.get(
      sandbox.api.scope('source.toolkit.fluxcd.io/v1', 'HelmChart', 'default'),
      'default-demo',
    );
    expect(condition(chart, 'Ready')).toMatchObject({
      status: 'True',
      message: "pulled 'demo' chart with version '0.1.0'",
    });
    // The test-connection hook is not installed.
    expect(
      sandbox.api.store
        .list('/pods', 'default')
        .some(p => p.metadata.name!.includes('test-connection')),
    ).toBe(false);
  });

  it('upgrades on a values change and prunes what the new revision no longer renders', async () => {
    sandbox.api.patch(releases(), 'demo', 'merge', {
      spec: { values: { replicaCount: 1, serviceAccount: { create: false } } },
    });
    await waitFor(() => readyReason('demo') === 'UpgradeSucceeded', {
      timeoutMs: 15_000,
    });
    const upgraded = release('demo');
    expect(
      upgraded.status.history.map((h: any) => `${h.version}:${h.status}`),
    ).toEqual(['2:deployed', '1:superseded']);
    expect(upgraded.status.observedGeneration).toBe(2);
    expect(
      sandbox.api.store.get('/serviceaccounts', 'default', 'demo'),
    ).toBeUndefined();
    await waitFor(
      () =>
        sandbox.api.get(
          sandbox.api.scope('apps/v1', 'Deployment', 'default'),
          'demo',
        ).status?.replicas === 1,
    );
  });

  it('reports a chart that does not render, then stalls without retries', async () => {
    sandbox.api.create(
      releases(),
      helmRelease('broken', {
        chart: {
          spec: {
            chart: 'broken',
            sourceRef: { kind: 'HelmRepository', name: 'stable' },
          },
        },
      }),
    );
    await waitFor(() => condition(release('broken'), 'Stalled'));
    const failed = release('broken');
    expect(condition(failed, 'Ready')).toMatchObject({
      status: 'False',
      reason: 'InstallFailed',
    });
    expect(condition(failed, 'Ready').message).toMatch(
      /^Helm install failed for release default\/broken with chart broken@1\.0\.0: .*value greeting is required/,
    );
    expect(condition(failed, 'Stalled')).toMatchObject({
      reason: 'RetriesExceeded',
      message: 'Failed to install after 1 attempt(s)',
    });
    expect(failed.status.installFailures).toBe(1);

    // Fixing the values is a new generation: it installs.
    sandbox.api.patch(releases(), 'broken', 'merge', {
      spec: { values: { greeting: 'hello' } },
    });
    await waitFor(() => readyReason('broken') === 'InstallSucceeded');
    expect(
      sandbox.api.store.get('/configmaps', 'default', 'hello'),
    ).toBeDefined();
    expect(condition(release('broken'), 'Stalled')).toBeUndefined();
  });

  it('reports a post-render patch that does not apply', async () => {
    sandbox.api.create(
      releases(),
      helmRelease('unpatched', {
        postRenderers: [
          {
            kustomize: {
              patches: [
                {
                  patch:
                    'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: missing}\nspec: {replicas: 3}',
                },
              ],
            },
          },
        ],
      }),
    );
    await waitFor(() => condition(release('unpatched'), 'Stalled'));
    expect(condition(release('unpatched'), 'Ready').message).toMatch(
      /post-renderer 0: .*missing/,
    );
  });

  it('waits for a source that is not ready and for dependencies', async () => {
    const registry = await startOciRegistry();
    try {
      sandbox.api.create(
        sandbox.api.scope(
          'source.toolkit.fluxcd.io/v1',
          'OCIRepository',
          'default',
        ),
        {
          metadata: { name: 'oci-demo' },
          spec: {
            url: `oci://${registry.host}/charts/demo`,
            insecure: true,
            ref: { tag: '0.1.0' },
            layerSelector: {
              mediaType: 'application/vnd.cncf.helm.chart.content.v1.tar+gzip',
              operation: 'copy',
            },
            interval: '10m',
          },
        },
      );
      sandbox.api.create(releases(), {
        metadata: { name: 'from-oci' },
        spec: {
          interval: '5m',
          chartRef: { kind: 'OCIRepository', name: 'oci-demo' },
          dependsOn: [{ name: 'demo' }],
          values: { serviceAccount: { create: false } },
        },
      });
      // Ready False until the pull has failed, then with the pull's failure.
      const failure = `OCIRepository 'default/oci-demo' is not ready: failed to pull artifact from 'oci://${registry.host}/charts/demo': failed to fetch ${registry.url}/v2/charts/demo/manifests/0.1.0 : 404 Not Found`;
      await waitFor(
        () =>
          readyReason('from-oci') === 'ArtifactFailed' &&
          condition(release('from-oci'), 'Ready').message === failure,
      );
      // The chart is pushed: the next retry pulls it.
      registry.push(
        'charts/demo',
        '0.1.0',
        await fs.readFile(
          await packageChart(path.join(charts, 'demo'), charts),
        ),
      );
      await waitFor(() => readyReason('from-oci') === 'InstallSucceeded', {
        timeoutMs: 15_000,
      });
      const oci = sandbox.api.get(
        sandbox.api.scope(
          'source.toolkit.fluxcd.io/v1',
          'OCIRepository',
          'default',
        ),
        'oci-demo',
      );
      expect(oci.status.artifact.revision).toMatch(
        /^0\.1\.0@sha256:[0-9a-f]{64}$/,
      );
    } finally {
      await registry.stop();
    }
  });

  it('fails a release whose pods never become ready within the timeout', async () => {
    sandbox.workloads.runContainer = ({ pod }) =>
      pod.metadata.labels?.['app.kubernetes.io/instance'] === 'slow'
        ? { kind: 'crash' }
        : undefined;
    try {
      sandbox.api.create(
        releases(),
        helmRelease('slow', {
          timeout: '1s',
          values: { serviceAccount: { create: false } },
        }),
      );
      await waitFor(() => readyReason('slow') === 'InstallFailed', {
        timeoutMs: 10_000,
      });
      const failed = release('slow');
      expect(condition(failed, 'Ready').message).toBe(
        'Helm install failed for release default/slow with chart demo@0.1.0: context deadline exceeded',
      );
      expect(condition(failed, 'Released')).toMatchObject({
        status: 'False',
        reason: 'InstallFailed',
      });
      expect(failed.status.history[0].status).toBe('failed');
    } finally {
      sandbox.workloads.runContainer = undefined;
    }
  });

  it('uninstalls when the HelmRelease is deleted', async () => {
    sandbox.api.delete(releases(), 'demo');
    await waitFor(
      () =>
        !sandbox.api.store.get(
          'helm.toolkit.fluxcd.io/helmreleases',
          'default',
          'demo',
        ),
    );
    expect(
      sandbox.api.store.get('apps/deployments', 'default', 'demo'),
    ).toBeUndefined();
    expect(
      sandbox.api.store.get(
        'source.toolkit.fluxcd.io/helmcharts',
        'default',
        'default-demo',
      ),
    ).toBeUndefined();
  });
});
