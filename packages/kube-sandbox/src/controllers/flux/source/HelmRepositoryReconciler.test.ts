import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  createChart,
  HelmRepositoryServer,
  startHelmRepository,
} from '../../../testing/chartServers';
import { createFluxTestApi, FluxTestApi } from '../fluxTestApi';
import { createHelmRepositoryReconciler } from './HelmRepositoryReconciler';
import { nextFetchDelayMs, SourceReconciler } from './SourceReconciler';

jest.setTimeout(30_000);

const ready = (object: any) =>
  object.status?.conditions?.find((c: any) => c.type === 'Ready');

describe('HelmRepositoryReconciler', () => {
  let flux: FluxTestApi;
  let charts: string;
  let repository: HelmRepositoryServer;
  let reconciler: SourceReconciler;

  beforeAll(async () => {
    charts = await fs.mkdtemp(path.join(os.tmpdir(), 'helm-repository-'));
    repository = await startHelmRepository({
      charts: [await createChart(charts, 'demo')],
    });
  });

  beforeEach(async () => {
    flux = await createFluxTestApi();
    reconciler = createHelmRepositoryReconciler(flux);
  });

  afterEach(() => flux.remove());

  afterAll(async () => {
    await repository.stop();
    await fs.rm(charts, { recursive: true, force: true });
  });

  it('stores the index, then waits for the interval without fetching again', async () => {
    flux.createSource('HelmRepository', 'stable', {
      url: repository.url,
      interval: '10m',
    });
    const result = await reconciler.reconcile('default/stable');
    expect(result).toEqual({ requeueAfterMs: 600_000 });
    const stored = flux.getSource('HelmRepository', 'stable');
    expect(ready(stored)).toMatchObject({
      status: 'True',
      reason: 'Succeeded',
    });
    expect(flux.storage.has(stored.status.artifact)).toBe(true);

    const fetches = repository.requests.length;
    const again = await reconciler.reconcile('default/stable');
    expect(again!.requeueAfterMs).toBeGreaterThan(590_000);
    expect(repository.requests).toHaveLength(fetches);
    expect(
      flux.getSource('HelmRepository', 'stable').metadata.resourceVersion,
    ).toBe(stored.metadata.resourceVersion);
  });

  it('fetches again on a requestedAt annotation, and when the artifact is gone', async () => {
    flux.createSource('HelmRepository', 'stable', { url: repository.url });
    await reconciler.reconcile('default/stable');
    const fetches = repository.requests.length;
    flux.api.patch(
      flux.api.scope(
        'source.toolkit.fluxcd.io/v1',
        'HelmRepository',
        'default',
      ),
      'stable',
      'merge',
      {
        metadata: { annotations: { 'reconcile.fluxcd.io/requestedAt': 'now' } },
      },
    );
    await reconciler.reconcile('default/stable');
    expect(repository.requests).toHaveLength(fetches + 1);
    const requested = flux.getSource('HelmRepository', 'stable');
    expect(requested.status.lastHandledReconcileAt).toBe('now');

    await fs.rm(flux.storage.localPath(requested.status.artifact));
    await reconciler.reconcile('default/stable');
    expect(repository.requests).toHaveLength(fetches + 2);
    expect(
      flux.storage.has(
        flux.getSource('HelmRepository', 'stable').status.artifact,
      ),
    ).toBe(true);
  });

  it('stalls on a URL it cannot fetch from, and records an OCI repository as Ready', async () => {
    flux.createSource('HelmRepository', 'ftp', { url: 'ftp://example.com' });
    await reconciler.reconcile('default/ftp');
    expect(
      flux
        .getSource('HelmRepository', 'ftp')
        .status.conditions.map((c: any) => `${c.type}=${c.reason}`),
    ).toEqual([
      'FetchFailed=URLInvalid',
      'Ready=URLInvalid',
      'Stalled=URLInvalid',
    ]);

    flux.createSource('HelmRepository', 'oci', {
      type: 'oci',
      url: 'oci://127.0.0.1:1/charts',
    });
    await reconciler.reconcile('default/oci');
    const oci = flux.getSource('HelmRepository', 'oci');
    expect(ready(oci)).toMatchObject({
      status: 'True',
      message: 'Helm repository is Ready',
    });
    expect(oci.status.artifact).toBeUndefined();
  });

  it('removes the artifacts of a deleted repository', async () => {
    flux.createSource('HelmRepository', 'stable', { url: repository.url });
    await reconciler.reconcile('default/stable');
    const { artifact } = flux.getSource('HelmRepository', 'stable').status;
    flux.api.delete(
      flux.api.scope(
        'source.toolkit.fluxcd.io/v1',
        'HelmRepository',
        'default',
      ),
      'stable',
    );
    await reconciler.reconcile('default/stable');
    expect(flux.storage.has(artifact)).toBe(false);
  });
});

describe('nextFetchDelayMs', () => {
  it.each([
    [0, 600_000, 600_000],
    [1, 600_000, 250],
    [2, 600_000, 500],
    [5, 600_000, 4_000],
    [6, 600_000, 5_000],
    [3, 200, 200],
  ])(
    'after %i failures, interval %i ms: %i ms',
    (failures, interval, delay) => {
      expect(nextFetchDelayMs(failures, interval)).toBe(delay);
    },
  );
});
