import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  createChart,
  OciRegistry,
  packageChart,
  startOciRegistry,
} from '../../../testing/chartServers';
import { createFluxTestApi, FluxTestApi } from '../fluxTestApi';
import { createOCIRepositoryReconciler } from './OCIRepositoryReconciler';

jest.setTimeout(30_000);

const HELM_LAYER = 'application/vnd.cncf.helm.chart.content.v1.tar+gzip';

describe('OCIRepositoryReconciler', () => {
  let flux: FluxTestApi;
  let work: string;
  let registry: OciRegistry;
  let chart: Buffer;

  beforeAll(async () => {
    flux = await createFluxTestApi();
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'oci-repository-'));
    chart = await fs.readFile(
      await packageChart(await createChart(work, 'demo'), work),
    );
    registry = await startOciRegistry();
  });

  afterAll(async () => {
    await registry.stop();
    await flux.remove();
    await fs.rm(work, { recursive: true, force: true });
  });

  const repository = (name: string, ref: object) =>
    flux.createSource('OCIRepository', name, {
      url: `oci://${registry.host}/charts/demo`,
      insecure: true,
      ref,
      layerSelector: { mediaType: HELM_LAYER, operation: 'copy' },
    });

  it('pulls the selected layer of a tag, and of the highest tag in a semver range', async () => {
    registry.push('charts/demo', '0.1.0', chart);
    registry.push('charts/demo', '0.2.0', chart);
    const reconciler = createOCIRepositoryReconciler(flux);
    repository('by-tag', { tag: '0.1.0' });
    repository('by-range', { semver: '0.x' });
    await reconciler.reconcile('default/by-tag');
    await reconciler.reconcile('default/by-range');

    const byTag = flux.getSource('OCIRepository', 'by-tag').status.artifact;
    expect(byTag.revision).toMatch(/^0\.1\.0@sha256:[0-9a-f]{64}$/);
    await expect(fs.readFile(flux.storage.localPath(byTag))).resolves.toEqual(
      chart,
    );
    expect(
      flux.getSource('OCIRepository', 'by-range').status.artifact.revision,
    ).toMatch(/^0\.2\.0@/);
  });

  it('reports a tag the registry does not have as OCIArtifactPullFailed', async () => {
    repository('missing', { tag: '9.9.9' });
    await createOCIRepositoryReconciler(flux).reconcile('default/missing');
    expect(
      flux.getSource('OCIRepository', 'missing').status.conditions[0],
    ).toMatchObject({
      type: 'FetchFailed',
      reason: 'OCIArtifactPullFailed',
      message: `failed to pull artifact from 'oci://${registry.host}/charts/demo': failed to fetch ${registry.url}/v2/charts/demo/manifests/9.9.9 : 404 Not Found`,
    });
  });
});
