import { SandboxApi } from '../../../api/SandboxApi';
import { objectKey, splitObjectKey } from '../../../store/objectKey';
import { KubeObject, StoreEvent } from '../../../store/types';
import { goDurationMs } from '../../../util/goDuration';
import { deepEqual } from '../../../util/json';
import { Reconciler, ReconcileResult } from '../../Controller';
import { ArtifactStorage } from '../ArtifactStorage';
import { SOURCE_GROUP } from '../fluxResources';
import { SourceFailure } from './SourceFailure';
import { Fetched, SourceKind } from './SourceKind';
import { sourceStatus } from './sourceStatus';

const REQUESTED_AT = 'reconcile.fluxcd.io/requestedAt';
const MANAGER = 'source-controller';
const DEFAULT_INTERVAL_MS = 600_000;
/**
 * The first retry after a failure; each next one waits twice as long, up to the interval or
 * MAX_RETRY_MS, so that a chart server back after a restart is found again within seconds.
 */
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;

/** What every source kind's reconciler is created with. */
export interface SourceReconcilerOptions {
  api: SandboxApi;
  storage: ArtifactStorage;
}

/** The last attempt at a source: what it depended on, and when the next one is due. */
interface Attempt {
  signature: string;
  nextAt: number;
  failures: number;
}

/** When the next fetch is due after this many failures in a row (none: the interval). */
export function nextFetchDelayMs(failures: number, intervalMs: number): number {
  return failures
    ? Math.min(intervalMs, MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (failures - 1))
    : intervalMs;
}

/**
 * The reconcile source-controller runs for every source kind, one reconciler per kind: a
 * source is fetched again after `spec.interval`, when its spec changes (generation), on a
 * `reconcile.fluxcd.io/requestedAt` request, when its stored artifact is gone, and when what
 * its kind says it depends on changes; failures are retried sooner, with backoff. A failure
 * is a condition that keeps the last good artifact, never an exception. A deleted source's
 * artifacts go too.
 */
export class SourceReconciler implements Reconciler {
  readonly name: string;
  readonly #api: SandboxApi;
  readonly #storage: ArtifactStorage;
  readonly #kind: SourceKind;
  readonly #attempts = new Map<string, Attempt>();

  private constructor(options: SourceReconcilerOptions & { kind: SourceKind }) {
    this.#api = options.api;
    this.#storage = options.storage;
    this.#kind = options.kind;
    this.name = `flux-source-controller/${options.kind.kind.toLowerCase()}`;
  }

  static create(
    options: SourceReconcilerOptions & { kind: SourceKind },
  ): SourceReconciler {
    return new SourceReconciler(options);
  }

  keysFor(event: StoreEvent): string[] {
    if (event.resourceKey === this.#kind.resource) {
      return [objectKey(event.namespace, event.name)];
    }
    return this.#kind.dependentKeys?.(event) ?? [];
  }

  initialKeys(): string[] {
    return this.#api.store
      .list(this.#kind.resource)
      .map(o => objectKey(o.metadata.namespace, o.metadata.name!));
  }

  async reconcile(key: string): Promise<ReconcileResult | void> {
    const { namespace, name } = splitObjectKey(key);
    const source = this.#api.store.get(this.#kind.resource, namespace, name);
    if (!source) {
      this.#attempts.delete(key);
      await this.#storage.remove(this.#kind.kind, namespace, name);
      return undefined;
    }
    if (source.metadata.deletionTimestamp || source.spec?.suspend) {
      return undefined;
    }
    const signature = this.#signature(source);
    const previous = this.#attempts.get(key);
    const artifactLost =
      source.status?.artifact && !this.#storage.has(source.status.artifact);
    if (
      previous?.signature === signature &&
      Date.now() < previous.nextAt &&
      !artifactLost
    ) {
      return { requeueAfterMs: previous.nextAt - Date.now() };
    }
    const outcome = await this.#fetch(source);
    const failures =
      outcome instanceof SourceFailure ? (previous?.failures ?? 0) + 1 : 0;
    const delay = nextFetchDelayMs(
      failures,
      goDurationMs(source.spec?.interval, DEFAULT_INTERVAL_MS),
    );
    this.#attempts.set(key, {
      signature,
      nextAt: Date.now() + delay,
      failures,
    });
    this.#writeStatus(source, outcome);
    return { requeueAfterMs: delay };
  }

  /** What a fetch depends on besides time: the spec, a requested reconcile, the upstream artifact. */
  #signature(source: KubeObject): string {
    return JSON.stringify([
      source.metadata.generation,
      source.metadata.annotations?.[REQUESTED_AT],
      this.#kind.upstreamRevision?.(source),
    ]);
  }

  async #fetch(source: KubeObject): Promise<Fetched | SourceFailure> {
    try {
      return await this.#kind.fetch(source);
    } catch (error) {
      return error instanceof SourceFailure
        ? error
        : new SourceFailure('Failed', (error as Error).message);
    }
  }

  #writeStatus(fetched: KubeObject, outcome: Fetched | SourceFailure): void {
    const { namespace, name } = fetched.metadata;
    const current = this.#api.store.get(this.#kind.resource, namespace!, name!);
    if (!current) {
      return;
    }
    const previous = current.status ?? {};
    const status = sourceStatus({
      previous,
      outcome,
      generation: fetched.metadata.generation,
      failureType: this.#kind.failureType,
      requestedAt: fetched.metadata.annotations?.[REQUESTED_AT],
      previousArtifactStored: this.#storage.has(previous.artifact),
    });
    if (!deepEqual(status, current.status)) {
      this.#api.update(
        this.#api.scope(`${SOURCE_GROUP}/v1`, this.#kind.kind, namespace),
        name!,
        { ...current, status },
        { subresource: 'status', fieldManager: MANAGER },
      );
    }
  }
}
