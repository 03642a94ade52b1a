import { createReleaseTest, ReleaseTest } from './releaseTestSetup';
import { install } from './install';
import { runRelease } from './runRelease';
import { upgrade } from './upgrade';

jest.setTimeout(30_000);

describe('upgrade', () => {
  let test: ReleaseTest;
  const configMaps = () =>
    test.flux.api.store
      .list('/configmaps', 'default')
      .map(c => c.metadata.name)
      .filter(name => name?.startsWith('demo-'))
      .sort();
  const setValues = (values: object) =>
    test.flux.api.patch(
      test.flux.api.scope(
        'helm.toolkit.fluxcd.io/v2',
        'HelmRelease',
        'default',
      ),
      'demo',
      'merge',
      { spec: { values } },
    );

  beforeAll(async () => {
    test = await createReleaseTest();
    test.createRelease('demo');
    await runRelease(test.deps, await test.request('demo'), install);
  });

  afterAll(() => test.remove());

  it('releases the next version over the deployed one, which is superseded', async () => {
    setValues({ extra: true });
    await runRelease(test.deps, await test.request('demo'), upgrade);
    expect(configMaps()).toEqual(['demo-config', 'demo-extra']);
    const release = test.release('demo');
    expect(
      release.status.history.map((h: any) => `v${h.version} ${h.status}`),
    ).toEqual(['v2 deployed', 'v1 superseded']);
    expect(release.status.history[0].firstDeployed).toBe(
      release.status.history[1].firstDeployed,
    );
    expect(
      release.status.conditions.find((c: any) => c.type === 'Released'),
    ).toMatchObject({
      status: 'True',
      reason: 'UpgradeSucceeded',
      message:
        'Helm upgrade succeeded for release default/demo.v2 with chart config@1.0.0',
    });
  });

  it('prunes what the new revision no longer renders, and keeps maxHistory entries', async () => {
    setValues({ extra: false });
    test.flux.api.patch(
      test.flux.api.scope(
        'helm.toolkit.fluxcd.io/v2',
        'HelmRelease',
        'default',
      ),
      'demo',
      'merge',
      { spec: { maxHistory: 2 } },
    );
    await runRelease(test.deps, await test.request('demo'), upgrade);
    expect(configMaps()).toEqual(['demo-config']);
    expect(
      test
        .release('demo')
        .status.history.map((h: any) => `v${h.version} ${h.status}`),
    ).toEqual(['v3 deployed', 'v2 superseded']);
  });
});
