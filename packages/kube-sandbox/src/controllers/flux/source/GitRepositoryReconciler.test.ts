import path from 'node:path';
import {
  createGitRepository,
  LocalGitRepository,
} from '../../../testing/gitRepository';
import { createFluxTestApi, FluxTestApi } from '../fluxTestApi';
import { createGitRepositoryReconciler } from './GitRepositoryReconciler';

jest.setTimeout(30_000);

const DRIVER_CHART = path.resolve(
  __dirname,
  '../../../../../../drivers/semaphore/1.0.0/chart',
);

describe('GitRepositoryReconciler', () => {
  let flux: FluxTestApi;
  let git: LocalGitRepository;

  beforeAll(async () => {
    flux = await createFluxTestApi();
    git = await createGitRepository();
  });

  afterAll(async () => {
    await git.remove();
    await flux.remove();
  });

  it('checks the branch out and stores its tree, then fetches again on a new commit only after the interval', async () => {
    const commit = await git.commit(DRIVER_CHART, 'charts/semaphore');
    const reconciler = createGitRepositoryReconciler(flux);
    flux.createSource('GitRepository', 'drivers', {
      url: git.url,
      ref: { branch: 'main' },
      interval: '10m',
    });
    await reconciler.reconcile('default/drivers');
    const checkedOut = flux.getSource('GitRepository', 'drivers');
    expect(checkedOut.status.artifact).toMatchObject({
      revision: `main@sha1:${commit}`,
      path: `gitrepository/default/drivers/${commit}.tar.gz`,
    });
    expect(checkedOut.status.conditions[0]).toMatchObject({
      type: 'Ready',
      reason: 'Succeeded',
      message: `stored artifact for revision 'main@sha1:${commit}'`,
    });

    await git.commit(DRIVER_CHART, 'charts/again');
    await reconciler.reconcile('default/drivers');
    expect(
      flux.getSource('GitRepository', 'drivers').status.artifact.revision,
    ).toBe(`main@sha1:${commit}`);
  });

  it('reports a branch that is not there as GitOperationFailed', async () => {
    flux.createSource('GitRepository', 'no-branch', {
      url: git.url,
      ref: { branch: 'release' },
    });
    await createGitRepositoryReconciler(flux).reconcile('default/no-branch');
    const failed = flux.getSource('GitRepository', 'no-branch');
    expect(failed.status.conditions[0]).toMatchObject({
      type: 'FetchFailed',
      reason: 'GitOperationFailed',
      message: expect.stringMatching(
        /^failed to checkout and determine revision: .*release/,
      ),
    });
  });
});
