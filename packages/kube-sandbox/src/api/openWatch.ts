import { groupVersion, resourceKey } from '../resources/ResourceType';
import { KubeObject, StoreEvent } from '../store/types';
import { ApiError, Status } from './ApiError';
import { objectFilter } from './objectFilter';
import { SandboxApi } from './SandboxApi';
import { RequestScope } from './types';

export interface WatchOptions {
  resourceVersion?: string;
  labelSelector?: string;
  fieldSelector?: string;
  allowWatchBookmarks?: boolean;
  sendInitialEvents?: boolean;
}

export type WatchEventType =
  | 'ADDED'
  | 'MODIFIED'
  | 'DELETED'
  | 'BOOKMARK'
  | 'ERROR';

export interface WatchEvent {
  type: WatchEventType;
  object: KubeObject | Status;
}

export interface WatchHandle {
  /** True when the watch ended by itself (a 410); the stream should close. */
  readonly ended: boolean;
  /** Sends a BOOKMARK at the current resourceVersion (when the client allows bookmarks). */
  bookmark(): void;
  stop(): void;
}

/**
 * A watch as the apiserver serves it: no resourceVersion (or "0") starts with a synthetic ADDED
 * per existing object, a resourceVersion replays the history after it or ends with an ERROR 410
 * Expired when the history no longer reaches back, and a selector turns objects that start or
 * stop matching into ADDED and DELETED. Selectors are checked before anything is sent, so a bad
 * one is a plain 400.
 */
export function openWatch(
  api: SandboxApi,
  scope: RequestScope,
  options: WatchOptions,
  send: (event: WatchEvent) => void,
): WatchHandle {
  const { type } = scope;
  const filter = objectFilter(type, options);
  const key = resourceKey(type);
  const apiVersion = groupVersion(
    type.group,
    scope.version ?? type.storageVersion,
  );
  const present = (object: KubeObject): KubeObject =>
    object.apiVersion === apiVersion ? object : { ...object, apiVersion };
  const bookmarkObject = (extra: Record<string, unknown> = {}) => ({
    kind: type.kind,
    apiVersion,
    metadata: { resourceVersion: String(api.store.resourceVersion), ...extra },
  });

  const relay = (event: StoreEvent) => {
    if (
      event.resourceKey !== key ||
      (scope.namespace && event.namespace !== scope.namespace)
    ) {
      return;
    }
    const matchesNow = event.type !== 'DELETED' && filter.matches(event.object);
    const matchedBefore =
      event.previous !== undefined && filter.matches(event.previous);
    if (matchesNow) {
      send({
        type: matchedBefore ? 'MODIFIED' : 'ADDED',
        object: present(event.object),
      });
    } else if (matchedBefore) {
      // The last state the watcher could see, at the resourceVersion of the change.
      const object =
        event.type === 'DELETED'
          ? event.object
          : {
              ...event.previous!,
              metadata: {
                ...event.previous!.metadata,
                resourceVersion: String(event.resourceVersion),
              },
            };
      send({ type: 'DELETED', object: present(object) });
    }
  };

  const requested = options.resourceVersion;
  const fromHistory =
    requested !== undefined &&
    requested !== '' &&
    requested !== '0' &&
    !options.sendInitialEvents;
  let replay: StoreEvent[] | undefined = [];
  if (fromHistory) {
    if (!/^\d+$/.test(requested)) {
      throw ApiError.badRequest(`invalid resource version: ${requested}`);
    }
    replay = api.store.eventsSince(Number(requested));
    if (!replay) {
      send({
        type: 'ERROR',
        object: ApiError.expired(
          `too old resource version: ${requested} (${
            api.store.oldestResourceVersion + 1
          })`,
        ).status,
      });
      return { ended: true, bookmark: () => {}, stop: () => {} };
    }
  }

  // Everything below runs in one turn of the event loop, so no change can slip in between the
  // snapshot or replay and the subscription.
  if (fromHistory) {
    replay.forEach(relay);
  } else {
    for (const object of api.store.list(key, scope.namespace || undefined)) {
      if (filter.matches(object)) {
        send({ type: 'ADDED', object: present(object) });
      }
    }
    if (options.sendInitialEvents && options.allowWatchBookmarks) {
      send({
        type: 'BOOKMARK',
        object: bookmarkObject({
          annotations: { 'k8s.io/initial-events-end': 'true' },
        }) as KubeObject,
      });
    }
  }
  const unsubscribe = api.store.subscribe(relay);
  return {
    ended: false,
    bookmark: () => {
      if (options.allowWatchBookmarks) {
        send({ type: 'BOOKMARK', object: bookmarkObject() as KubeObject });
      }
    },
    stop: unsubscribe,
  };
}
