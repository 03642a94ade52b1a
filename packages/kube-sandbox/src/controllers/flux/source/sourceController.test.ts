import fs from 'node:fs/promises';
import net, { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Sandbox, startSandbox } from '../../../Sandbox';
import { KubeObject } from '../../../store/types';
import {
  createChart,
  HelmRepositoryServer,
  startHelmRepository,
} from '../../../testing/chartServers';
import {
  createGitRepository,
  LocalGitRepository,
} from '../../../testing/gitRepository';
import { waitFor } from '../../../testing/waitFor';

jest.setTimeout(60_000);

const SOURCES = 'source.toolkit.fluxcd.io/v1';
const DRIVER_CHART = path.resolve(
  __dirname,
  '../../../../../../drivers/semaphore/1.0.0/chart',
);

/** A loopback port that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise(resolve => server.close(resolve));
  return port;
}

/*
 * source-controller's fetches against real servers on loopback: a Helm repository made with
 * `helm package` and `helm repo index`, a git repository behind a file:// URL, and the
 * failures Flux reports as conditions.
 */
describe('Flux source-controller stand-in', () => {
  let sandbox: Sandbox;
  let work: string;
  let repository: HelmRepositoryServer;
  const scope = (kind: string) =>
    sandbox.api.scope(
      kind === 'HelmRelease' ? 'helm.toolkit.fluxcd.io/v2' : SOURCES,
      kind,
      'default',
    );
  const get = (kind: string, name: string) =>
    sandbox.api.get(scope(kind), name);
  const ready = (object: KubeObject) =>
    object.status?.conditions?.find((c: any) => c.type === 'Ready');
  /** Waits until an object's Ready condition, for its generation, has this reason. */
  const readyWith = (kind: string, name: string, reason: string) =>
    waitFor(
      () => {
        const object = get(kind, name);
        const condition = ready(object);
        return condition?.reason === reason &&
          condition.observedGeneration === object.metadata.generation
          ? condition
          : undefined;
      },
      { timeoutMs: 20_000, what: `${kind} ${name} ${reason}` },
    );
  const helmRepository = (name: string, url: string, interval = '10m') =>
    sandbox.api.create(scope('HelmRepository'), {
      metadata: { name },
      spec: { url, interval },
    });
  const helmChart = (name: string, spec: Record<string, unknown>) =>
    sandbox.api.create(scope('HelmChart'), {
      metadata: { name },
      spec: { interval: '10m', ...spec },
    });

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'source-controller-'));
    const demo = await createChart(work, 'demo');
    repository = await startHelmRepository({
      charts: [demo, DRIVER_CHART],
    });
    sandbox = await startSandbox({
      workloads: { startDelayMs: 5, readyDelayMs: 5 },
      velero: false,
    });
  });

  afterAll(async () => {
    await sandbox.stop();
    await repository.stop();
    await fs.rm(work, { recursive: true, force: true });
  });

  it('stores the index of a HelmRepository and the chart a HelmChart resolves from it', async () => {
    helmRepository('stable', repository.url);
    const stored = await readyWith('HelmRepository', 'stable', 'Succeeded');
    const source = get('HelmRepository', 'stable');
    expect(source.status.artifact).toMatchObject({
      revision: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      path: expect.stringMatching(
        /^helmrepository\/default\/stable\/index-[0-9a-f]{64}\.yaml$/,
      ),
    });
    expect(stored.message).toBe(
      `stored artifact: revision '${source.status.artifact.revision}'`,
    );

    helmChart('semaphore', {
      chart: 'semaphore',
      version: '>=1.0.0 <2.0.0',
      sourceRef: { kind: 'HelmRepository', name: 'stable' },
    });
    const pulled = await readyWith(
      'HelmChart',
      'semaphore',
      'ChartPullSucceeded',
    );
    expect(pulled.message).toBe(
      "pulled 'semaphore' chart with version '1.0.0'",
    );
    const chart = get('HelmChart', 'semaphore');
    expect(chart.status).toMatchObject({
      observedChartName: 'semaphore',
      observedSourceArtifactRevision: source.status.artifact.revision,
      artifact: { revision: '1.0.0' },
    });
    // The index names the chart by a relative URL, resolved against the repository's.
    expect(repository.requests).toContain('/charts/semaphore-1.0.0.tgz');
  });

  it('reports what cannot be fetched as conditions, and the HelmRelease says why', async () => {
    const port = await closedPort();
    helmRepository('unreachable', `http://127.0.0.1:${port}/charts`);
    const unreachable = await readyWith(
      'HelmRepository',
      'unreachable',
      'Failed',
    );
    expect(unreachable).toMatchObject({
      status: 'False',
      message: `failed to fetch Helm repository index: Get "http://127.0.0.1:${port}/charts/index.yaml": dial tcp 127.0.0.1:${port}: connect: connection refused`,
    });
    expect(
      get('HelmRepository', 'unreachable').status.conditions.find(
        (c: any) => c.type === 'FetchFailed',
      ),
    ).toMatchObject({ status: 'True', reason: 'Failed' });
    // A fetch that failed is retried, not stalled.
    expect(
      get('HelmRepository', 'unreachable').status.conditions.map(
        (c: any) => `${c.type}=${c.status}`,
      ),
    ).toEqual(expect.arrayContaining(['Reconciling=True', 'FetchFailed=True']));

    helmRepository('missing', `${repository.url}/nowhere`);
    expect(
      (await readyWith('HelmRepository', 'missing', 'Failed')).message,
    ).toBe(
      `failed to fetch Helm repository index: failed to fetch ${repository.url}/nowhere/index.yaml : 404 Not Found`,
    );

    helmChart('no-such-chart', {
      chart: 'nope',
      sourceRef: { kind: 'HelmRepository', name: 'stable' },
    });
    expect(
      (await readyWith('HelmChart', 'no-such-chart', 'InvalidChartReference'))
        .message,
    ).toBe(
      'invalid chart reference: failed to get chart version for remote reference: no chart name found',
    );
    expect(
      get('HelmChart', 'no-such-chart').status.conditions.find(
        (c: any) => c.type === 'Stalled',
      ),
    ).toMatchObject({ status: 'True', reason: 'InvalidChartReference' });

    helmChart('no-such-version', {
      chart: 'demo',
      version: '9.x',
      sourceRef: { kind: 'HelmRepository', name: 'stable' },
    });
    expect(
      (await readyWith('HelmChart', 'no-such-version', 'InvalidChartReference'))
        .message,
    ).toBe(
      "invalid chart reference: failed to get chart version for remote reference: no 'demo' chart with version matching '9.x' found",
    );

    helmChart('no-source', {
      chart: 'demo',
      sourceRef: { kind: 'HelmRepository', name: 'unreachable' },
    });
    expect(
      (await readyWith('HelmChart', 'no-source', 'NoSourceArtifact')).message,
    ).toBe("no artifact available for HelmRepository source 'unreachable'");

    // A HelmRelease of a chart from the unreachable repository reports the source's failure.
    sandbox.api.create(scope('HelmRelease'), {
      metadata: { name: 'stranded' },
      spec: {
        interval: '5m',
        chart: {
          spec: {
            chart: 'demo',
            sourceRef: { kind: 'HelmRepository', name: 'unreachable' },
          },
        },
      },
    });
    expect(
      (await readyWith('HelmRelease', 'stranded', 'ArtifactFailed')).message,
    ).toBe(
      "HelmChart 'default/default-stranded' is not ready: no artifact available for HelmRepository source 'unreachable'",
    );
  });

  it('reports an index that is not one, and a chart download that fails', async () => {
    const broken = await startHelmRepository();
    try {
      await broken.writeIndex('just: [text');
      helmRepository('garbled', broken.url);
      expect(
        (await readyWith('HelmRepository', 'garbled', 'IndexationFailed'))
          .message,
      ).toMatch(/^failed to load Helm repository from index YAML: /);

      // An index whose chart lives elsewhere (an absolute URL) that answers 500.
      await broken.writeIndex(
        [
          'apiVersion: v1',
          'entries:',
          '  demo:',
          '    - name: demo',
          '      version: 0.1.0',
          `      urls: ["${repository.url.replace(
            '/charts',
            '/elsewhere',
          )}/demo-0.1.0.tgz"]`,
        ].join('\n'),
      );
      const unfail = repository.failWith(/^\/elsewhere\//, 500);
      try {
        sandbox.api.patch(scope('HelmRepository'), 'garbled', 'merge', {
          metadata: {
            annotations: { 'reconcile.fluxcd.io/requestedAt': 'now' },
          },
        });
        await readyWith('HelmRepository', 'garbled', 'Succeeded');
        helmChart('elsewhere', {
          chart: 'demo',
          sourceRef: { kind: 'HelmRepository', name: 'garbled' },
        });
        expect(
          (await readyWith('HelmChart', 'elsewhere', 'ChartPullError')).message,
        ).toBe(
          `chart pull error: failed to download chart for remote reference: failed to fetch ${repository.url.replace(
            '/charts',
            '/elsewhere',
          )}/demo-0.1.0.tgz : 500 Internal Server Error`,
        );
      } finally {
        unfail();
      }
      expect(
        get('HelmRepository', 'garbled').status.lastHandledReconcileAt,
      ).toBe('now');
    } finally {
      await broken.stop();
    }
  });

  it('fetches again at the interval: a new chart version in range is upgraded to', async () => {
    const moving = await startHelmRepository({
      charts: [path.join(work, 'demo')],
    });
    try {
      helmRepository('moving', moving.url, '200ms');
      sandbox.api.create(scope('HelmRelease'), {
        metadata: { name: 'follower' },
        spec: {
          interval: '5m',
          chart: {
            spec: {
              chart: 'demo',
              version: '0.x',
              sourceRef: { kind: 'HelmRepository', name: 'moving' },
            },
          },
          values: { serviceAccount: { create: false } },
        },
      });
      await readyWith('HelmRelease', 'follower', 'InstallSucceeded');
      expect(get('HelmRelease', 'follower').status.lastAttemptedRevision).toBe(
        '0.1.0',
      );

      const chartYaml = path.join(work, 'demo', 'Chart.yaml');
      await fs.writeFile(
        chartYaml,
        (
          await fs.readFile(chartYaml, 'utf8')
        ).replace(/^version: .*$/m, 'version: 0.2.0'),
      );
      await moving.publish(path.join(work, 'demo'));
      await readyWith('HelmRelease', 'follower', 'UpgradeSucceeded');
      expect(get('HelmRelease', 'follower').status.history[0]).toMatchObject({
        chartVersion: '0.2.0',
        status: 'deployed',
      });
    } finally {
      await moving.stop();
    }
  });

  it('checks a GitRepository out with git and packages a chart from it', async () => {
    const git: LocalGitRepository = await createGitRepository();
    try {
      const commit = await git.commit(DRIVER_CHART, 'charts/semaphore');
      sandbox.api.create(scope('GitRepository'), {
        metadata: { name: 'drivers' },
        spec: { url: git.url, ref: { branch: 'main' }, interval: '10m' },
      });
      expect(
        (await readyWith('GitRepository', 'drivers', 'Succeeded')).message,
      ).toBe(`stored artifact for revision 'main@sha1:${commit}'`);
      helmChart('from-git', {
        chart: './charts/semaphore',
        sourceRef: { kind: 'GitRepository', name: 'drivers' },
      });
      expect(
        (await readyWith('HelmChart', 'from-git', 'ChartPackageSucceeded'))
          .message,
      ).toBe("packaged 'semaphore' chart with version '1.0.0'");

      helmChart('not-a-chart', {
        chart: './charts/nothing',
        sourceRef: { kind: 'GitRepository', name: 'drivers' },
      });
      expect(
        (await readyWith('HelmChart', 'not-a-chart', 'ChartPackageError'))
          .message,
      ).toBe(
        "chart package error: path './charts/nothing' not found or not a chart: Chart.yaml file is missing",
      );

      sandbox.api.create(scope('GitRepository'), {
        metadata: { name: 'no-branch' },
        spec: { url: git.url, ref: { branch: 'release' }, interval: '10m' },
      });
      expect(
        (await readyWith('GitRepository', 'no-branch', 'GitOperationFailed'))
          .message,
      ).toMatch(/^failed to checkout and determine revision: .*release/);
    } finally {
      await git.remove();
    }
  });
});
