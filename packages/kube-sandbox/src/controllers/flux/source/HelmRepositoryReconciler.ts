import { KubeObject } from '../../../store/types';
import { ArtifactStorage } from '../ArtifactStorage';
import { HELM_REPOSITORIES } from '../fluxResources';
import { parseHelmIndex, storedIndex } from './helmIndex';
import { httpGet } from './httpGet';
import { SourceFailure, step } from './SourceFailure';
import { Fetched, storeArtifact, timeoutOf } from './SourceKind';
import { SourceReconciler, SourceReconcilerOptions } from './SourceReconciler';

/**
 * source-controller's HelmRepository reconciler. The default type GETs `<url>/index.yaml` over
 * HTTP(S) and stores the index (revision: the digest of its sorted entries); `type: oci` only
 * records Ready, its charts being pulled by the HelmCharts that use it.
 */
export function createHelmRepositoryReconciler(
  options: SourceReconcilerOptions,
): SourceReconciler {
  return SourceReconciler.create({
    ...options,
    kind: {
      kind: 'HelmRepository',
      resource: HELM_REPOSITORIES,
      failureType: 'FetchFailed',
      fetch: repository => fetchHelmRepository(options.storage, repository),
    },
  });
}

async function fetchHelmRepository(
  storage: ArtifactStorage,
  repository: KubeObject,
): Promise<Fetched> {
  if (repository.spec?.type === 'oci') {
    return { reason: 'Succeeded', message: 'Helm repository is Ready' };
  }
  const url = String(repository.spec?.url ?? '');
  if (!/^https?:\/\/[^/]/.test(url)) {
    throw new SourceFailure(
      'URLInvalid',
      `invalid Helm repository URL: unsupported scheme in '${url}'`,
    );
  }
  const { body } = await step(
    'Failed',
    'failed to fetch Helm repository index',
    () =>
      httpGet(`${url.replace(/\/+$/, '')}/index.yaml`, {
        timeoutMs: timeoutOf(repository),
      }),
  );
  const index = await step(
    'IndexationFailed',
    'failed to load Helm repository from index YAML',
    () => parseHelmIndex(body),
  );
  const { data, revision } = storedIndex(index);
  const artifact = await storeArtifact(storage, repository, {
    file: `index-${revision.slice('sha256:'.length)}.yaml`,
    revision,
    data,
  });
  return {
    reason: 'Succeeded',
    message: `stored artifact: revision '${revision}'`,
    artifact,
  };
}
