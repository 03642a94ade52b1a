import { KubeObject, StoreEvent } from '../../../store/types';
import { goDurationMs } from '../../../util/goDuration';
import { JsonMap } from '../../../util/json';
import { Artifact, ArtifactStorage } from '../ArtifactStorage';

/** A successful fetch: Ready's reason and message, the artifact, extra status fields. */
export interface Fetched {
  reason: string;
  message: string;
  artifact?: Artifact;
  status?: JsonMap;
}

/**
 * What one source kind adds to the reconcile every source shares (SourceReconciler): how its
 * artifact is fetched, and what else than its own spec it depends on.
 */
export interface SourceKind {
  readonly kind:
    | 'HelmRepository'
    | 'GitRepository'
    | 'OCIRepository'
    | 'HelmChart';
  /** The store's key of the kind (`<group>/<plural>`). */
  readonly resource: string;
  /** The condition a failure sets: FetchFailed for a repository, BuildFailed for a chart. */
  readonly failureType: 'FetchFailed' | 'BuildFailed';
  /** Fetches the artifact; a failure is thrown as a SourceFailure. */
  fetch(source: KubeObject): Promise<Fetched>;
  /** A revision a fetch also depends on (a chart: its source's); a change fetches again. */
  upstreamRevision?(source: KubeObject): string | undefined;
  /** The keys of this kind that a change to another object concerns (a chart: its source). */
  dependentKeys?(event: StoreEvent): string[];
}

const DEFAULT_TIMEOUT_MS = 60_000;

/** How long one fetch of a source may take (`spec.timeout`). */
export function timeoutOf(source: KubeObject): number {
  return goDurationMs(source.spec?.timeout, DEFAULT_TIMEOUT_MS);
}

/** Stores a source's artifact (replacing its previous one). */
export function storeArtifact(
  storage: ArtifactStorage,
  source: KubeObject,
  artifact: { file: string; revision: string; data: Buffer },
): Promise<Artifact> {
  const { namespace, name } = source.metadata;
  return storage.store({
    kind: source.kind!,
    namespace: namespace!,
    name: name!,
    ...artifact,
  });
}
