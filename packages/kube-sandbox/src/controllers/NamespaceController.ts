import { SandboxApi } from '../api/SandboxApi';
import { resourceKey } from '../resources/ResourceType';
import { StoreEvent } from '../store/types';
import { Reconciler } from './Controller';

const NAMESPACES = '/namespaces';

/**
 * The namespace controller: a namespace being deleted (phase Terminating) has its contents
 * deleted, in the background; once nothing is left in it, its `kubernetes` finalizer goes and
 * the namespace with it. Objects held by finalizers hold the namespace too.
 */
export class NamespaceController implements Reconciler {
  readonly name = 'namespaces';
  readonly #api: SandboxApi;

  private constructor(api: SandboxApi) {
    this.#api = api;
  }

  static create(options: { api: SandboxApi }): NamespaceController {
    return new NamespaceController(options.api);
  }

  keysFor(event: StoreEvent): string[] {
    if (event.resourceKey === NAMESPACES) {
      return event.object.metadata.deletionTimestamp && event.type !== 'DELETED'
        ? [event.name]
        : [];
    }
    // Content going away may let a terminating namespace finish.
    if (event.type === 'DELETED' && event.namespace) {
      const namespace = this.#api.store.get(NAMESPACES, '', event.namespace);
      return namespace?.metadata.deletionTimestamp ? [event.namespace] : [];
    }
    return [];
  }

  initialKeys(): string[] {
    return this.#api.store
      .list(NAMESPACES)
      .filter(ns => ns.metadata.deletionTimestamp)
      .map(ns => ns.metadata.name!);
  }

  reconcile(name: string) {
    const namespace = this.#api.store.get(NAMESPACES, '', name);
    if (!namespace?.metadata.deletionTimestamp) {
      return;
    }
    let remaining = 0;
    for (const type of this.#api.registry.all()) {
      if (!type.namespaced) {
        continue;
      }
      for (const object of this.#api.store.list(resourceKey(type), name)) {
        remaining++;
        if (!object.metadata.deletionTimestamp) {
          this.#api.delete({ type, namespace: name }, object.metadata.name!, {
            propagationPolicy: 'Background',
          });
        }
      }
    }
    if (remaining === 0 && namespace.spec?.finalizers?.includes('kubernetes')) {
      this.#api.finalizeNamespace(name, {
        spec: {
          finalizers: namespace.spec.finalizers.filter(
            (f: string) => f !== 'kubernetes',
          ),
        },
      });
    }
  }
}
