import { awaitHealth } from './awaitHealth';
import { install } from './install';
import { createReleaseTest, ReleaseTest } from './releaseTestSetup';
import { runRelease } from './runRelease';

jest.setTimeout(30_000);

describe('awaitHealth', () => {
  let test: ReleaseTest;
  const ready = (name: string) =>
    test.release(name).status.conditions.find((c: any) => c.type === 'Ready');
  /** Sets a condition on the release's Job, as the Job controller would. */
  const jobEnds = (name: string, type: 'Complete' | 'Failed') => {
    const jobs = test.flux.api.scope('batch/v1', 'Job', 'default');
    const job = test.flux.api.get(jobs, `${name}-job`);
    test.flux.api.update(
      jobs,
      `${name}-job`,
      { ...job, status: { conditions: [{ type, status: 'True' }] } },
      { subresource: 'status' },
    );
  };
  /** Installs a release with a Job, which stays pending until the Job ends. */
  const installPending = async (name: string) => {
    test.createRelease(name, { values: { job: true }, timeout: '1m' });
    const waiting = await runRelease(
      test.deps,
      await test.request(name),
      install,
    );
    expect(waiting!.requeueAfterMs).toBeGreaterThan(50_000);
    expect(test.release(name).status.history[0].status).toBe('pending-install');
    expect(ready(name)).toMatchObject({
      status: 'Unknown',
      reason: 'Progressing',
      message: "Running 'install' action with timeout of 1m",
    });
  };

  beforeEach(async () => {
    test = await createReleaseTest();
  });

  afterEach(() => test.remove());

  it('deploys the pending release once its objects are healthy', async () => {
    await installPending('done');
    jobEnds('done', 'Complete');
    expect(awaitHealth(test.deps, await test.request('done'))).toBeUndefined();
    expect(test.release('done').status.history[0].status).toBe('deployed');
    expect(ready('done')).toMatchObject({ reason: 'InstallSucceeded' });
    expect(test.deps.deadlines.has('default/done')).toBe(false);
  });

  it('fails the release when an object fails', async () => {
    await installPending('failing');
    jobEnds('failing', 'Failed');
    expect(
      awaitHealth(test.deps, await test.request('failing')),
    ).toBeUndefined();
    const release = test.release('failing');
    expect(release.status.history[0].status).toBe('failed');
    expect(ready('failing')).toMatchObject({
      status: 'False',
      reason: 'InstallFailed',
      message:
        'Helm install failed for release default/failing with chart config@1.0.0: Job default/failing-job failed',
    });
    expect(
      release.status.conditions.find((c: any) => c.type === 'Released'),
    ).toMatchObject({ status: 'False', reason: 'InstallFailed' });
  });

  it('fails the release when the timeout passes', async () => {
    await installPending('slow');
    test.deps.deadlines.set('default/slow', Date.now() - 1);
    awaitHealth(test.deps, await test.request('slow'));
    expect(ready('slow').message).toMatch(/: context deadline exceeded$/);
  });
});
