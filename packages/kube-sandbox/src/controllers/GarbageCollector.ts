import { SandboxApi } from '../api/SandboxApi';
import { resourceKey } from '../resources/ResourceType';
import { KubeObject, OwnerReference, StoreEvent } from '../store/types';
import { clone } from '../util/json';
import { Reconciler } from './Controller';

interface Location {
  resourceKey: string;
  namespace: string;
  name: string;
}

const SEPARATOR = '|';

function keyOf(location: Location): string {
  return [location.resourceKey, location.namespace, location.name].join(
    SEPARATOR,
  );
}

function locationOf(key: string): Location {
  const [resource, namespace, name] = key.split(SEPARATOR);
  return { resourceKey: resource, namespace, name };
}

/**
 * The garbage collector: dependents whose owners (by `ownerReferences[].uid`) are all gone are
 * deleted; dangling references next to live owners are removed; an owner deleted with the
 * `orphan` finalizer has its dependents' references removed, and one deleted with
 * `foregroundDeletion` has its dependents deleted first (those with `blockOwnerDeletion` hold
 * it). A namespaced owner only counts for dependents in its own namespace.
 */
export class GarbageCollector implements Reconciler {
  readonly name = 'garbage-collector';
  readonly #api: SandboxApi;
  /** Every object's location by uid. */
  readonly #byUid = new Map<string, Location>();
  /** Dependent keys by owner uid. */
  readonly #dependents = new Map<string, Set<string>>();

  private constructor(api: SandboxApi) {
    this.#api = api;
  }

  static create(options: { api: SandboxApi }): GarbageCollector {
    return new GarbageCollector(options.api);
  }

  keysFor(event: StoreEvent): string[] {
    const location = {
      resourceKey: event.resourceKey,
      namespace: event.namespace,
      name: event.name,
    };
    const key = keyOf(location);
    const uid = event.object.metadata.uid!;
    const before = event.previous?.metadata.ownerReferences ?? [];
    const after =
      event.type === 'DELETED'
        ? []
        : event.object.metadata.ownerReferences ?? [];
    before.forEach(ref => this.#dependents.get(ref.uid)?.delete(key));
    after.forEach(ref => {
      const set = this.#dependents.get(ref.uid) ?? new Set();
      set.add(key);
      this.#dependents.set(ref.uid, set);
    });
    const keys: string[] = [];
    if (event.type === 'DELETED') {
      this.#byUid.delete(uid);
      keys.push(...(this.#dependents.get(uid) ?? []));
      // Owners waiting in the foreground for this dependent may be done now.
      keys.push(
        ...before
          .map(ref => this.#byUid.get(ref.uid))
          .filter(Boolean)
          .map(l => keyOf(l!)),
      );
      return keys;
    }
    this.#byUid.set(uid, location);
    if (after.length > 0) {
      keys.push(key);
    }
    const finalizers = event.object.metadata.finalizers ?? [];
    if (
      event.object.metadata.deletionTimestamp &&
      (finalizers.includes('orphan') ||
        finalizers.includes('foregroundDeletion'))
    ) {
      keys.push(key);
    }
    return keys;
  }

  initialKeys(): string[] {
    const keys: string[] = [];
    for (const type of this.#api.registry.all()) {
      for (const object of this.#api.store.list(resourceKey(type))) {
        keys.push(
          ...this.keysFor({
            type: 'ADDED',
            resourceKey: resourceKey(type),
            namespace: object.metadata.namespace ?? '',
            name: object.metadata.name!,
            object,
            resourceVersion: 0,
          }),
        );
      }
    }
    return keys;
  }

  reconcile(key: string) {
    const location = locationOf(key);
    const object = this.#api.store.get(
      location.resourceKey,
      location.namespace,
      location.name,
    );
    if (!object) {
      return;
    }
    const finalizers = object.metadata.finalizers ?? [];
    if (object.metadata.deletionTimestamp && finalizers.includes('orphan')) {
      this.#orphanDependents(object);
      this.#removeFinalizer(location, 'orphan');
      return;
    }
    if (
      object.metadata.deletionTimestamp &&
      finalizers.includes('foregroundDeletion')
    ) {
      if (this.#deleteDependentsInForeground(object)) {
        this.#removeFinalizer(location, 'foregroundDeletion');
      }
      return;
    }
    this.#collect(location, object);
  }

  /** Whether a reference points at a live owner this object may have. */
  #ownerExists(object: KubeObject, ref: OwnerReference): boolean {
    const owner = this.#byUid.get(ref.uid);
    return Boolean(
      owner &&
        (owner.namespace === '' ||
          owner.namespace === (object.metadata.namespace ?? '')),
    );
  }

  #collect(location: Location, object: KubeObject): void {
    const refs = object.metadata.ownerReferences ?? [];
    if (refs.length === 0 || object.metadata.deletionTimestamp) {
      return;
    }
    const live = refs.filter(ref => this.#ownerExists(object, ref));
    if (live.length === 0) {
      this.#api.delete(this.#scope(location), location.name, {
        propagationPolicy: 'Background',
      });
    } else if (live.length < refs.length) {
      this.#setOwnerReferences(location, object, live);
    }
  }

  #orphanDependents(owner: KubeObject): void {
    for (const key of [...(this.#dependents.get(owner.metadata.uid!) ?? [])]) {
      const location = locationOf(key);
      const dependent = this.#api.store.get(
        location.resourceKey,
        location.namespace,
        location.name,
      );
      if (dependent) {
        this.#setOwnerReferences(
          location,
          dependent,
          (dependent.metadata.ownerReferences ?? []).filter(
            ref => ref.uid !== owner.metadata.uid,
          ),
        );
      }
    }
  }

  /** Deletes the dependents; true once none that block the owner's deletion are left. */
  #deleteDependentsInForeground(owner: KubeObject): boolean {
    let blocked = false;
    for (const key of [...(this.#dependents.get(owner.metadata.uid!) ?? [])]) {
      const location = locationOf(key);
      const dependent = this.#api.store.get(
        location.resourceKey,
        location.namespace,
        location.name,
      );
      if (!dependent) {
        continue;
      }
      const ref = dependent.metadata.ownerReferences?.find(
        r => r.uid === owner.metadata.uid,
      );
      if (ref?.blockOwnerDeletion) {
        blocked = true;
      }
      if (!dependent.metadata.deletionTimestamp) {
        this.#api.delete(this.#scope(location), location.name, {
          propagationPolicy: 'Foreground',
        });
      }
    }
    return !blocked;
  }

  #setOwnerReferences(
    location: Location,
    object: KubeObject,
    refs: OwnerReference[],
  ): void {
    const next = clone(object);
    if (refs.length) {
      next.metadata.ownerReferences = refs;
    } else {
      delete next.metadata.ownerReferences;
    }
    this.#api.update(this.#scope(location), location.name, next, {
      fieldManager: 'garbage-collector',
    });
  }

  #removeFinalizer(location: Location, finalizer: string): void {
    const object = this.#api.store.get(
      location.resourceKey,
      location.namespace,
      location.name,
    )!;
    const next = clone(object);
    next.metadata.finalizers = next.metadata.finalizers?.filter(
      f => f !== finalizer,
    );
    this.#api.update(this.#scope(location), location.name, next, {
      fieldManager: 'garbage-collector',
    });
  }

  #scope(location: Location) {
    const type = this.#api.registry.get(location.resourceKey)!;
    return {
      type,
      namespace: type.namespaced ? location.namespace : undefined,
    };
  }
}
