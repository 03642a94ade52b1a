import { createReleaseTest, ReleaseTest } from './releaseTestSetup';
import { install } from './install';
import { runRelease } from './runRelease';

jest.setTimeout(30_000);

const condition = (release: any, type: string) =>
  release.status?.conditions?.find((c: any) => c.type === type);

describe('install', () => {
  let test: ReleaseTest;

  beforeEach(async () => {
    test = await createReleaseTest();
  });

  afterEach(() => test.remove());

  it('applies the objects as Flux labels them, and the release is deployed once they are healthy', async () => {
    test.createRelease('demo', { values: { greeting: 'hi' } });
    const result = await runRelease(
      test.deps,
      await test.request('demo'),
      install,
    );
    expect(result).toBeUndefined();
    const config = test.flux.api.get(
      test.flux.api.scope('v1', 'ConfigMap', 'default'),
      'demo-config',
    );
    expect(config.data).toEqual({ greeting: 'hi' });
    expect(config.metadata.labels).toMatchObject({
      'app.kubernetes.io/managed-by': 'Helm',
      'helm.toolkit.fluxcd.io/name': 'demo',
      'helm.toolkit.fluxcd.io/namespace': 'default',
    });
    expect(config.metadata.annotations).toMatchObject({
      'meta.helm.sh/release-name': 'demo',
      'meta.helm.sh/release-namespace': 'default',
    });
    const release = test.release('demo');
    expect(release.status).toMatchObject({
      lastAttemptedReleaseAction: 'install',
      lastAttemptedRevision: '1.0.0',
      observedGeneration: 1,
      history: [
        { chartName: 'config', version: 1, status: 'deployed', name: 'demo' },
      ],
      inventory: {
        entries: [{ id: 'default_demo-config__ConfigMap', v: 'v1' }],
      },
    });
    expect(condition(release, 'Ready')).toMatchObject({
      status: 'True',
      reason: 'InstallSucceeded',
      message:
        'Helm install succeeded for release default/demo.v1 with chart config@1.0.0',
    });
    expect(condition(release, 'Reconciling')).toBeUndefined();
  });

  it('creates the target namespace with install.createNamespace', async () => {
    test.createRelease('created', {
      targetNamespace: 'apps',
      install: { createNamespace: true },
    });
    await runRelease(test.deps, await test.request('created'), install);
    expect(
      test.flux.api.get(
        test.flux.api.scope('v1', 'ConfigMap', 'apps'),
        'apps-created-config',
      ),
    ).toBeDefined();
  });

  it('fails without the namespace: retried while remediation retries are left, then stalled', async () => {
    test.createRelease('stranded', {
      targetNamespace: 'nowhere',
      install: { remediation: { retries: 1 } },
    });
    const retried = await runRelease(
      test.deps,
      await test.request('stranded'),
      install,
    );
    expect(retried).toEqual({ requeueAfterMs: 50 });
    let release = test.release('stranded');
    expect(condition(release, 'Ready')).toMatchObject({
      status: 'False',
      reason: 'InstallFailed',
      message:
        'Helm install failed for release nowhere/nowhere-stranded with chart config@1.0.0: create: failed to create: namespaces "nowhere" not found',
    });
    expect(condition(release, 'Reconciling')).toMatchObject({
      reason: 'ProgressingWithRetry',
      message: 'Retrying install (1 of 1)',
    });
    expect(release.status.history).toBeUndefined();

    const stalled = await runRelease(
      test.deps,
      await test.request('stranded'),
      install,
    );
    expect(stalled).toBeUndefined();
    release = test.release('stranded');
    expect(release.status.installFailures).toBe(2);
    expect(condition(release, 'Stalled')).toMatchObject({
      reason: 'RetriesExceeded',
      message: 'Failed to install after 2 attempt(s)',
    });
    expect(condition(release, 'Reconciling')).toBeUndefined();
  });
});
