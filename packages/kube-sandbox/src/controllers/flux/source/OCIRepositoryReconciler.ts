import { KubeObject } from '../../../store/types';
import { ArtifactStorage } from '../ArtifactStorage';
import { OCI_REPOSITORIES } from '../fluxResources';
import { pullOciArtifact } from './ociPull';
import { step } from './SourceFailure';
import { Fetched, storeArtifact, timeoutOf } from './SourceKind';
import { SourceReconciler, SourceReconcilerOptions } from './SourceReconciler';

/**
 * source-controller's OCIRepository reconciler: pulls the artifact's layer (`layerSelector`)
 * with the OCI distribution API (revision `<tag>@<manifest digest>`).
 */
export function createOCIRepositoryReconciler(
  options: SourceReconcilerOptions,
): SourceReconciler {
  return SourceReconciler.create({
    ...options,
    kind: {
      kind: 'OCIRepository',
      resource: OCI_REPOSITORIES,
      failureType: 'FetchFailed',
      fetch: repository => fetchOciRepository(options.storage, repository),
    },
  });
}

async function fetchOciRepository(
  storage: ArtifactStorage,
  repository: KubeObject,
): Promise<Fetched> {
  const url = String(repository.spec?.url ?? '');
  const pulled = await step(
    'OCIArtifactPullFailed',
    `failed to pull artifact from '${url}'`,
    () =>
      pullOciArtifact({
        url,
        ref: repository.spec?.ref ?? {},
        insecure: repository.spec?.insecure,
        layerMediaType: repository.spec?.layerSelector?.mediaType,
        timeoutMs: timeoutOf(repository),
      }),
  );
  const revision = pulled.tag
    ? `${pulled.tag}@${pulled.manifestDigest}`
    : pulled.manifestDigest;
  const artifact = await storeArtifact(storage, repository, {
    file: `${pulled.manifestDigest.split(':').pop()}.tar.gz`,
    revision,
    data: pulled.layer,
  });
  return {
    reason: 'Succeeded',
    message: `stored artifact for digest '${revision}'`,
    artifact,
  };
}
