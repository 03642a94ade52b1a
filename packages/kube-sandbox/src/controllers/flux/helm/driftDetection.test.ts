import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Sandbox, startSandbox } from '../../../Sandbox';
import {
  createChart,
  HelmRepositoryServer,
  startHelmRepository,
} from '../../../testing/chartServers';
import { waitFor } from '../../../testing/waitFor';

jest.setTimeout(60_000);

/*
 * helm-controller's drift detection: objects a release rendered that are changed or deleted
 * by hand are corrected at the next interval with `mode: enabled`, only reported with `warn`,
 * and left alone without it.
 */
describe('Flux drift detection', () => {
  let sandbox: Sandbox;
  let work: string;
  let repository: HelmRepositoryServer;
  const deployments = () =>
    sandbox.api.scope('apps/v1', 'Deployment', 'default');
  const services = () => sandbox.api.scope('v1', 'Service', 'default');
  const replicas = (name: string) =>
    sandbox.api.get(deployments(), name).spec.replicas;
  /** Scales as `kubectl scale` does: another field manager than helm-controller. */
  const scaleByHand = (name: string, count: number) =>
    sandbox.api.patch(
      deployments(),
      name,
      'merge',
      { spec: { replicas: count } },
      { fieldManager: 'kubectl' },
    );
  const events = (release: string, reason: string) =>
    sandbox.api.store
      .list('/events', 'default')
      .filter(e => e.involvedObject?.name === release && e.reason === reason);
  const install = async (name: string, driftDetection?: object) => {
    sandbox.api.create(
      sandbox.api.scope('helm.toolkit.fluxcd.io/v2', 'HelmRelease', 'default'),
      {
        metadata: { name },
        spec: {
          interval: '300ms',
          chart: {
            spec: {
              chart: 'demo',
              sourceRef: { kind: 'HelmRepository', name: 'stable' },
            },
          },
          values: { replicaCount: 1, serviceAccount: { create: false } },
          ...(driftDetection ? { driftDetection } : {}),
        },
      },
    );
    await waitFor(
      () =>
        sandbox.api.get(
          sandbox.api.scope(
            'helm.toolkit.fluxcd.io/v2',
            'HelmRelease',
            'default',
          ),
          name,
        ).status?.history?.[0]?.status === 'deployed',
      { timeoutMs: 20_000 },
    );
  };

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'drift-'));
    repository = await startHelmRepository({
      charts: [await createChart(work, 'demo')],
    });
    sandbox = await startSandbox({
      workloads: { startDelayMs: 5, readyDelayMs: 5 },
      velero: false,
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
    await fs.rm(work, { recursive: true, force: true });
  });

  it('corrects a changed and a deleted object with mode enabled', async () => {
    await install('enabled', { mode: 'enabled' });
    scaleByHand('enabled-demo', 4);
    sandbox.api.delete(services(), 'enabled-demo');

    await waitFor(() => events('enabled', 'DriftCorrected').length > 0, {
      timeoutMs: 20_000,
    });
    expect(replicas('enabled-demo')).toBe(1);
    expect(sandbox.api.get(services(), 'enabled-demo')).toBeDefined();
    expect(events('enabled', 'DriftDetected')[0]).toMatchObject({
      type: 'Warning',
      message: expect.stringMatching(
        /^Cluster state of release default\/enabled\.v1 has drifted from the desired state:\n/,
      ),
    });
    const detected = events('enabled', 'DriftDetected')[0].message;
    expect(detected).toContain('Service/default/enabled-demo removed');
    expect(detected).toContain('Deployment/default/enabled-demo changed');
    expect(events('enabled', 'DriftCorrected')[0].message).toContain(
      'Deployment/default/enabled-demo configured',
    );
    // A correction is not a new Helm release.
    expect(
      sandbox.api.get(
        sandbox.api.scope(
          'helm.toolkit.fluxcd.io/v2',
          'HelmRelease',
          'default',
        ),
        'enabled',
      ).status.history,
    ).toHaveLength(1);
  });

  it('only reports drift with mode warn, and leaves ignored fields alone', async () => {
    await install('warned', { mode: 'warn' });
    await install('ignoring', {
      mode: 'enabled',
      ignore: [{ paths: ['/spec/replicas'], target: { kind: 'Deployment' } }],
    });
    await install('undetected');
    scaleByHand('undetected-demo', 3);
    scaleByHand('warned-demo', 3);
    scaleByHand('ignoring-demo', 3);
    sandbox.api.delete(services(), 'ignoring-demo');

    await waitFor(() => events('warned', 'DriftDetected').length > 0, {
      timeoutMs: 20_000,
    });
    await waitFor(() => events('ignoring', 'DriftCorrected').length > 0, {
      timeoutMs: 20_000,
    });
    expect(events('warned', 'DriftCorrected')).toHaveLength(0);
    expect(replicas('warned-demo')).toBe(3);
    // The ignored path is no drift; the deleted Service is.
    expect(events('ignoring', 'DriftDetected')[0].message).not.toContain(
      'Deployment',
    );
    expect(sandbox.api.get(services(), 'ignoring-demo')).toBeDefined();
    expect(replicas('ignoring-demo')).toBe(3);
    // Without drift detection, nothing looks.
    expect(events('undetected', 'DriftDetected')).toHaveLength(0);
    expect(replicas('undetected-demo')).toBe(3);
  });
});
