import { KubeObject } from '../../../store/types';
import { ArtifactStorage } from '../ArtifactStorage';
import { GIT_REPOSITORIES } from '../fluxResources';
import { checkOutGit } from './gitCheckout';
import { step } from './SourceFailure';
import { Fetched, storeArtifact } from './SourceKind';
import { SourceReconciler, SourceReconcilerOptions } from './SourceReconciler';

/**
 * source-controller's GitRepository reconciler: checks `spec.ref` out with the real `git` and
 * stores a tarball of the tree (revision `<branch>@sha1:<commit>`).
 */
export function createGitRepositoryReconciler(
  options: SourceReconcilerOptions,
): SourceReconciler {
  return SourceReconciler.create({
    ...options,
    kind: {
      kind: 'GitRepository',
      resource: GIT_REPOSITORIES,
      failureType: 'FetchFailed',
      fetch: repository => fetchGitRepository(options.storage, repository),
    },
  });
}

async function fetchGitRepository(
  storage: ArtifactStorage,
  repository: KubeObject,
): Promise<Fetched> {
  const checkout = await step(
    'GitOperationFailed',
    'failed to checkout and determine revision',
    () => checkOutGit(String(repository.spec?.url ?? ''), repository.spec?.ref),
  );
  const commit = checkout.revision.split(':').pop()!;
  const artifact = await storeArtifact(storage, repository, {
    file: `${commit}.tar.gz`,
    revision: checkout.revision,
    data: checkout.archive,
  });
  return {
    reason: 'Succeeded',
    message: `stored artifact for revision '${checkout.revision}'`,
    artifact,
  };
}
