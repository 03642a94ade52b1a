import { install } from './install';
import { createReleaseTest, ReleaseTest } from './releaseTestSetup';
import { runRelease } from './runRelease';
import { upgrade } from './upgrade';

jest.setTimeout(30_000);

describe("helm-controller's Events", () => {
  let test: ReleaseTest;

  beforeEach(async () => {
    test = await createReleaseTest();
  });

  afterEach(() => test.remove());

  const events = () =>
    test.flux.api.store
      .list('/events', 'default')
      .filter(e => e.involvedObject.kind === 'HelmRelease')
      .map(e => [e.type, e.reason, e.message, e.source.component]);

  it('records InstallSucceeded and UpgradeSucceeded with the Ready message', async () => {
    test.createRelease('demo');
    await runRelease(test.deps, await test.request('demo'), install);
    await runRelease(test.deps, await test.request('demo'), upgrade);
    expect(events()).toEqual([
      [
        'Normal',
        'InstallSucceeded',
        'Helm install succeeded for release default/demo.v1 with chart config@1.0.0',
        'helm-controller',
      ],
      [
        'Normal',
        'UpgradeSucceeded',
        'Helm upgrade succeeded for release default/demo.v2 with chart config@1.0.0',
        'helm-controller',
      ],
    ]);
  });

  it('records a failed install as a Warning', async () => {
    test.createRelease('broken', { targetNamespace: 'nowhere' });
    await runRelease(test.deps, await test.request('broken'), install);
    expect(events()).toEqual([
      [
        'Warning',
        'InstallFailed',
        expect.stringContaining(
          'Helm install failed for release nowhere/nowhere-broken with chart config@1.0.0',
        ),
        'helm-controller',
      ],
    ]);
  });
});
