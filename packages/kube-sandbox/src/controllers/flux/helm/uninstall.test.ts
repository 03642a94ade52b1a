import { install } from './install';
import { createReleaseTest, ReleaseTest } from './releaseTestSetup';
import { runRelease } from './runRelease';
import { uninstall } from './uninstall';

jest.setTimeout(30_000);

describe('uninstall', () => {
  let test: ReleaseTest;

  beforeAll(async () => {
    test = await createReleaseTest();
  });

  afterAll(() => test.remove());

  it('deletes the release objects and its HelmChart, then lets the HelmRelease go', async () => {
    test.createRelease('demo', { values: { extra: true } });
    const request = await test.request('demo');
    await runRelease(test.deps, request, install);
    // As a `chart.spec` release records the HelmChart it keeps.
    test.flux.api.update(
      request.scope,
      'demo',
      {
        ...test.release('demo'),
        status: { ...test.release('demo').status, helmChart: 'default/config' },
      },
      { subresource: 'status' },
    );
    test.flux.api.delete(request.scope, 'demo');
    const deleting = test.release('demo');
    expect(deleting.metadata.deletionTimestamp).toBeDefined();

    uninstall(test.flux.api, request.scope, deleting);
    expect(
      test.flux.api.store.list('/configmaps', 'default'),
    ).not.toContainEqual(
      expect.objectContaining({
        metadata: expect.objectContaining({ name: 'demo-config' }),
      }),
    );
    expect(
      test.flux.api.store.get('/configmaps', 'default', 'demo-extra'),
    ).toBeUndefined();
    expect(
      test.flux.api.store.get(
        'source.toolkit.fluxcd.io/helmcharts',
        'default',
        'config',
      ),
    ).toBeUndefined();
    expect(
      test.flux.api.store.get(
        'helm.toolkit.fluxcd.io/helmreleases',
        'default',
        'demo',
      ),
    ).toBeUndefined();
  });
});
