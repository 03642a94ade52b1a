import { ApiError } from '../api/ApiError';
import { SandboxApi } from '../api/SandboxApi';
import { objectKey, splitObjectKey } from '../store/objectKey';
import { KubeObject, StoreEvent } from '../store/types';
import { ReconcileResult, Reconciler } from './Controller';

/** The apiserver's `--event-ttl` default. */
export const EVENT_TTL_MS = 60 * 60_000;

function lastSeen(event: KubeObject): number {
  return Date.parse(
    event.lastTimestamp ??
      event.series?.lastObservedTime ??
      event.eventTime ??
      event.metadata.creationTimestamp,
  );
}

/**
 * Events go an hour after they were last seen, as the apiserver's event TTL makes them go, so
 * that a long-running sandbox (its state file) does not keep every Event it ever recorded.
 */
export class EventExpiry implements Reconciler {
  readonly name = 'event-ttl';
  readonly #api: SandboxApi;
  readonly #ttlMs: number;

  private constructor(api: SandboxApi, ttlMs: number) {
    this.#api = api;
    this.#ttlMs = ttlMs;
  }

  static create(options: { api: SandboxApi; ttlMs?: number }): EventExpiry {
    return new EventExpiry(options.api, options.ttlMs ?? EVENT_TTL_MS);
  }

  keysFor(event: StoreEvent): string[] {
    return event.resourceKey === '/events' && event.type !== 'DELETED'
      ? [objectKey(event.namespace, event.name)]
      : [];
  }

  initialKeys(): string[] {
    return this.#api.store
      .list('/events')
      .map(e => objectKey(e.metadata.namespace, e.metadata.name!));
  }

  reconcile(key: string): ReconcileResult | undefined {
    const { namespace, name } = splitObjectKey(key);
    const event = this.#api.store.get('/events', namespace, name);
    if (!event) {
      return undefined;
    }
    const due = lastSeen(event) + this.#ttlMs;
    if (Date.now() < due) {
      return { requeueAfterMs: due - Date.now() };
    }
    try {
      this.#api.delete(this.#api.scope('v1', 'Event', namespace), name, {});
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 404)) {
        throw error;
      }
    }
    return undefined;
  }
}
