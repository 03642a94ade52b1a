import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  createChart,
  HelmRepositoryServer,
  OciRegistry,
  packageChart,
  startHelmRepository,
  startOciRegistry,
} from '../../../testing/chartServers';
import {
  createGitRepository,
  LocalGitRepository,
} from '../../../testing/gitRepository';
import { HELM_REPOSITORIES } from '../fluxResources';
import { createFluxTestApi, FluxTestApi } from '../fluxTestApi';
import { createGitRepositoryReconciler } from './GitRepositoryReconciler';
import { createHelmChartReconciler } from './HelmChartReconciler';
import { createHelmRepositoryReconciler } from './HelmRepositoryReconciler';
import { SourceReconciler } from './SourceReconciler';

jest.setTimeout(30_000);

const ready = (object: any) =>
  object.status?.conditions?.find((c: any) => c.type === 'Ready');

describe('HelmChartReconciler', () => {
  let flux: FluxTestApi;
  let work: string;
  let demo: string;
  /** A chart whose version the first test moves on. */
  let moving: string;
  let repository: HelmRepositoryServer;
  let charts: SourceReconciler;

  beforeAll(async () => {
    flux = await createFluxTestApi();
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'helm-chart-'));
    demo = await createChart(work, 'demo');
    moving = await createChart(work, 'moving');
    repository = await startHelmRepository({ charts: [demo, moving] });
    charts = createHelmChartReconciler(flux);
  });

  afterAll(async () => {
    await repository.stop();
    await flux.remove();
    await fs.rm(work, { recursive: true, force: true });
  });

  it('downloads the version its repository resolves, and again when the repository has a new one', async () => {
    const repositories = createHelmRepositoryReconciler(flux);
    flux.createSource('HelmRepository', 'stable', { url: repository.url });
    await repositories.reconcile('default/stable');
    flux.createSource('HelmChart', 'moving', {
      chart: 'moving',
      version: '0.x',
      sourceRef: { kind: 'HelmRepository', name: 'stable' },
    });
    await charts.reconcile('default/moving');
    expect(ready(flux.getSource('HelmChart', 'moving'))).toMatchObject({
      reason: 'ChartPullSucceeded',
      message: "pulled 'moving' chart with version '0.1.0'",
    });
    const downloads = () =>
      repository.requests.filter(r => r.endsWith('.tgz')).length;
    expect(downloads()).toBe(1);
    await charts.reconcile('default/moving');
    expect(downloads()).toBe(1);

    // A change of the repository concerns the charts built from it.
    const stable = flux.getSource('HelmRepository', 'stable');
    expect(
      charts.keysFor({
        type: 'MODIFIED',
        resourceKey: HELM_REPOSITORIES,
        namespace: 'default',
        name: 'stable',
        object: stable,
        resourceVersion: 1,
      }),
    ).toEqual(['default/moving']);

    const chartYaml = path.join(moving, 'Chart.yaml');
    await fs.writeFile(
      chartYaml,
      (
        await fs.readFile(chartYaml, 'utf8')
      ).replace(/^version: .*$/m, 'version: 0.2.0'),
    );
    await repository.publish(moving);
    flux.api.patch(
      flux.api.scope(
        'source.toolkit.fluxcd.io/v1',
        'HelmRepository',
        'default',
      ),
      'stable',
      'merge',
      { metadata: { annotations: { 'reconcile.fluxcd.io/requestedAt': '1' } } },
    );
    await repositories.reconcile('default/stable');
    await charts.reconcile('default/moving');
    expect(flux.getSource('HelmChart', 'moving').status).toMatchObject({
      artifact: { revision: '0.2.0' },
      observedSourceArtifactRevision: flux.getSource('HelmRepository', 'stable')
        .status.artifact.revision,
    });
  });

  it('reports a source that is missing or has no artifact', async () => {
    flux.createSource('HelmChart', 'orphan', {
      chart: 'demo',
      sourceRef: { kind: 'HelmRepository', name: 'nowhere' },
    });
    await charts.reconcile('default/orphan');
    expect(ready(flux.getSource('HelmChart', 'orphan'))).toMatchObject({
      reason: 'SourceUnavailable',
      message:
        'failed to get source: HelmRepository.source.toolkit.fluxcd.io "nowhere" not found',
    });

    flux.createSource('HelmRepository', 'unfetched', { url: repository.url });
    flux.createSource('HelmChart', 'early', {
      chart: 'demo',
      sourceRef: { kind: 'HelmRepository', name: 'unfetched' },
    });
    await charts.reconcile('default/early');
    const early = flux.getSource('HelmChart', 'early');
    expect(ready(early)).toMatchObject({ reason: 'NoSourceArtifact' });
    expect(early.status.conditions[0]).toMatchObject({
      type: 'BuildFailed',
      status: 'True',
    });
  });

  it('packages a chart from a GitRepository, the commit in its version with reconcileStrategy Revision', async () => {
    const git: LocalGitRepository = await createGitRepository();
    try {
      const commit = await git.commit(demo, 'charts/demo');
      flux.createSource('GitRepository', 'charts', {
        url: git.url,
        ref: { branch: 'main' },
      });
      await createGitRepositoryReconciler(flux).reconcile('default/charts');
      flux.createSource('HelmChart', 'from-git', {
        chart: './charts/demo',
        reconcileStrategy: 'Revision',
        sourceRef: { kind: 'GitRepository', name: 'charts' },
      });
      await charts.reconcile('default/from-git');
      const revision = `0.1.0+${commit.slice(0, 12)}`;
      expect(ready(flux.getSource('HelmChart', 'from-git'))).toMatchObject({
        reason: 'ChartPackageSucceeded',
        message: `packaged 'demo' chart with version '${revision}'`,
      });
      expect(
        flux.getSource('HelmChart', 'from-git').status.artifact.revision,
      ).toBe(revision);
    } finally {
      await git.remove();
    }
  });

  it('pulls a chart from an OCI HelmRepository', async () => {
    const registry: OciRegistry = await startOciRegistry();
    try {
      registry.push(
        'charts/demo',
        '0.1.0',
        await fs.readFile(await packageChart(demo, work)),
      );
      flux.createSource('HelmRepository', 'oci', {
        type: 'oci',
        url: `oci://${registry.host}/charts`,
        insecure: true,
      });
      flux.createSource('HelmChart', 'from-oci', {
        chart: 'demo',
        version: '0.1.0',
        sourceRef: { kind: 'HelmRepository', name: 'oci' },
      });
      await charts.reconcile('default/from-oci');
      expect(ready(flux.getSource('HelmChart', 'from-oci'))).toMatchObject({
        reason: 'ChartPullSucceeded',
        message: "pulled 'demo' chart with version '0.1.0'",
      });
    } finally {
      await registry.stop();
    }
  });
});
