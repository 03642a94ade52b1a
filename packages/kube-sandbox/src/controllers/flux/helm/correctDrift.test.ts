import { correctDrift } from './correctDrift';
import { install } from './install';
import { createReleaseTest, ReleaseTest } from './releaseTestSetup';
import { runRelease } from './runRelease';

jest.setTimeout(30_000);

describe('correctDrift', () => {
  let test: ReleaseTest;
  const configMaps = () => test.flux.api.scope('v1', 'ConfigMap', 'default');
  /** The drift events of a release (the install's own event aside). */
  const events = (name: string) =>
    test.flux.api.store
      .list('/events', 'default')
      .filter(
        e => e.involvedObject?.name === name && e.reason.startsWith('Drift'),
      )
      .map(e => `${e.reason}: ${e.message}`)
      .sort();
  /** Changes one object of the release and deletes another, as someone with kubectl would. */
  const drift = (name: string) => {
    const config = test.flux.api.get(configMaps(), `${name}-config`);
    test.flux.api.update(configMaps(), `${name}-config`, {
      ...config,
      data: { greeting: 'changed' },
    });
    test.flux.api.delete(configMaps(), `${name}-extra`);
  };
  const installed = async (name: string, mode: string) => {
    test.createRelease(name, {
      interval: '1h',
      values: { extra: true },
      driftDetection: { mode },
    });
    await runRelease(test.deps, await test.request(name), install);
  };

  beforeAll(async () => {
    test = await createReleaseTest();
  });

  afterAll(() => test.remove());

  it('waits for the interval after the release was checked', async () => {
    await installed('early', 'enabled');
    drift('early');
    const result = await correctDrift(test.deps, await test.request('early'));
    expect(result.requeueAfterMs).toBeGreaterThan(3_500_000);
    expect(events('early')).toEqual([]);
  });

  it('corrects what drifted with mode enabled, at a requestedAt request', async () => {
    await installed('enabled', 'enabled');
    drift('enabled');
    test.flux.api.patch(
      test.flux.api.scope(
        'helm.toolkit.fluxcd.io/v2',
        'HelmRelease',
        'default',
      ),
      'enabled',
      'merge',
      { metadata: { annotations: { 'reconcile.fluxcd.io/requestedAt': '1' } } },
    );
    const result = await correctDrift(test.deps, await test.request('enabled'));
    expect(result).toEqual({ requeueAfterMs: 3_600_000 });
    expect(test.flux.api.get(configMaps(), 'enabled-config').data).toEqual({
      greeting: 'hello',
    });
    expect(test.flux.api.get(configMaps(), 'enabled-extra')).toBeDefined();
    expect(events('enabled')).toEqual([
      'DriftCorrected: Cluster state of release default/enabled.v1 has been corrected:\nConfigMap/default/enabled-config configured\nConfigMap/default/enabled-extra created',
      'DriftDetected: Cluster state of release default/enabled.v1 has drifted from the desired state:\nConfigMap/default/enabled-config changed\nConfigMap/default/enabled-extra removed',
    ]);
    expect(test.release('enabled').status.lastHandledReconcileAt).toBe('1');
  });

  it('only reports drift with mode warn', async () => {
    await installed('warned', 'warn');
    drift('warned');
    test.deps.driftCheckedAt.set('default/warned', 0);
    await correctDrift(test.deps, await test.request('warned'));
    expect(test.flux.api.get(configMaps(), 'warned-config').data).toEqual({
      greeting: 'changed',
    });
    expect(events('warned')).toHaveLength(1);
    expect(events('warned')[0]).toMatch(/^DriftDetected: /);
  });
});
