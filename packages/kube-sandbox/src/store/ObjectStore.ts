import { deepFreeze } from './deepFreeze';
import { EventLog } from './EventLog';
import { objectKey } from './objectKey';
import { KubeObject, StoreEvent } from './types';

export interface ObjectStoreOptions {
  /** How many changes the history keeps for watches and list continuations. */
  historySize: number;
  /** A saved state to start from (its history is not kept: older resourceVersions expire). */
  snapshot?: StoreSnapshot;
}

/** Everything a store holds, to save and load it: objects by resource, and the counter. */
export interface StoreSnapshot {
  resourceVersion: number;
  resources: Record<string, KubeObject[]>;
}

export type StoreListener = (event: StoreEvent) => void;

/**
 * The cluster's state: objects per resource, one global resourceVersion counter (like etcd's
 * revision) and the recent history. It knows nothing of Kubernetes rules; the API layer decides
 * what to write. Stored objects are frozen and replaced, never changed, so a reader may keep one.
 */
export class ObjectStore {
  readonly #resources = new Map<string, Map<string, KubeObject>>();
  readonly #history: EventLog;
  readonly #listeners = new Set<StoreListener>();
  #resourceVersion = 0;

  private constructor(options: ObjectStoreOptions) {
    this.#history = new EventLog(options.historySize);
    if (options.snapshot) {
      for (const [resourceKey, objects] of Object.entries(
        options.snapshot.resources,
      )) {
        this.#resources.set(
          resourceKey,
          new Map(
            objects.map(o => [
              objectKey(o.metadata.namespace ?? '', o.metadata.name!),
              deepFreeze(o),
            ]),
          ),
        );
      }
      this.#resourceVersion = options.snapshot.resourceVersion;
      this.#history.compact(this.#resourceVersion);
    }
  }

  static create(options: ObjectStoreOptions): ObjectStore {
    return new ObjectStore(options);
  }

  /** The resourceVersion of the latest change. */
  get resourceVersion(): number {
    return this.#resourceVersion;
  }

  /** The oldest resourceVersion a watch or a continuation may start from. */
  get oldestResourceVersion(): number {
    return this.#history.oldestResourceVersion;
  }

  get(
    resourceKey: string,
    namespace: string,
    name: string,
  ): KubeObject | undefined {
    return this.#resources.get(resourceKey)?.get(objectKey(namespace, name));
  }

  /** The objects of a resource, in one namespace or all (`undefined`), ordered as etcd keys are. */
  list(resourceKey: string, namespace?: string): KubeObject[] {
    const objects = this.#resources.get(resourceKey);
    if (!objects) {
      return [];
    }
    const keys = [...objects.keys()];
    const selected =
      namespace === undefined
        ? keys
        : keys.filter(key => key.startsWith(`${namespace}/`));
    return selected.sort().map(key => objects.get(key)!);
  }

  /**
   * The objects of a resource as they were at `resourceVersion`, rebuilt by undoing the newer
   * history; undefined when the history no longer reaches back that far.
   */
  listAt(
    resourceKey: string,
    namespace: string | undefined,
    resourceVersion: number,
  ): KubeObject[] | undefined {
    const events = this.#history.since(resourceVersion);
    if (!events) {
      return undefined;
    }
    const state = new Map(
      this.list(resourceKey, namespace).map(o => [
        objectKey(o.metadata.namespace ?? '', o.metadata.name!),
        o,
      ]),
    );
    // Newest first, so the last write per key is the state right after resourceVersion's undo.
    for (let i = events.length - 1; i >= 0; i--) {
      const event = events[i];
      if (
        event.resourceKey !== resourceKey ||
        (namespace !== undefined && event.namespace !== namespace)
      ) {
        continue;
      }
      const key = objectKey(event.namespace, event.name);
      if (event.previous) {
        state.set(key, event.previous);
      } else {
        state.delete(key);
      }
    }
    return [...state.keys()].sort().map(key => state.get(key)!);
  }

  /** Every change after `resourceVersion`, oldest first; undefined when part of it is gone. */
  eventsSince(resourceVersion: number): StoreEvent[] | undefined {
    return this.#history.since(resourceVersion);
  }

  /**
   * Stores a new object or a new state of one, giving it the next resourceVersion, and tells
   * the history and every listener. Returns the stored (frozen) object.
   */
  put(resourceKey: string, object: KubeObject): KubeObject {
    const namespace = object.metadata.namespace ?? '';
    const name = object.metadata.name!;
    let objects = this.#resources.get(resourceKey);
    if (!objects) {
      objects = new Map();
      this.#resources.set(resourceKey, objects);
    }
    const key = objectKey(namespace, name);
    const previous = objects.get(key);
    const resourceVersion = ++this.#resourceVersion;
    const stored = deepFreeze({
      ...object,
      metadata: {
        ...object.metadata,
        resourceVersion: String(resourceVersion),
      },
    });
    objects.set(key, stored);
    this.#emit({
      type: previous ? 'MODIFIED' : 'ADDED',
      resourceKey,
      namespace,
      name,
      object: stored,
      previous,
      resourceVersion,
    });
    return stored;
  }

  /** Removes an object; the DELETED event carries its last state at a new resourceVersion. */
  remove(
    resourceKey: string,
    namespace: string,
    name: string,
  ): KubeObject | undefined {
    const objects = this.#resources.get(resourceKey);
    const key = objectKey(namespace, name);
    const previous = objects?.get(key);
    if (!objects || !previous) {
      return undefined;
    }
    objects.delete(key);
    const resourceVersion = ++this.#resourceVersion;
    const object = deepFreeze({
      ...previous,
      metadata: {
        ...previous.metadata,
        resourceVersion: String(resourceVersion),
      },
    });
    this.#emit({
      type: 'DELETED',
      resourceKey,
      namespace,
      name,
      object,
      previous,
      resourceVersion,
    });
    return object;
  }

  snapshot(): StoreSnapshot {
    const resources: Record<string, KubeObject[]> = {};
    for (const [resourceKey, objects] of this.#resources) {
      if (objects.size > 0) {
        resources[resourceKey] = [...objects.values()];
      }
    }
    return { resourceVersion: this.#resourceVersion, resources };
  }

  /** Forgets the history, as an etcd compaction does (fault injection: watches get 410). */
  compact(): void {
    this.#history.compact(this.#resourceVersion);
  }

  /** Calls `listener` synchronously after every change, in commit order. */
  subscribe(listener: StoreListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #emit(event: StoreEvent): void {
    this.#history.append(event);
    for (const listener of [...this.#listeners]) {
      listener(event);
    }
  }
}
