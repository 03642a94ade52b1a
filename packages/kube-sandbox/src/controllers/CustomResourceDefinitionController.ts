import { SandboxApi } from '../api/SandboxApi';
import { RequestScope } from '../api/types';
import { customResourceType } from '../resources/customResourceType';
import { resourceKey } from '../resources/ResourceType';
import { KubeObject, StoreEvent } from '../store/types';
import { clone, deepEqual } from '../util/json';
import { setCondition } from './conditions';
import { Reconciler } from './Controller';

const CRDS = 'apiextensions.k8s.io/customresourcedefinitions';
const CLEANUP_FINALIZER = 'customresourcecleanup.apiextensions.k8s.io';
const MANAGER = 'kube-apiserver';

/**
 * The apiextensions controllers in one: a CRD's resource is served (with its discovery
 * entries) as soon as the CRD is stored, so a client may create objects right after the CRD
 * as after a real one that became Established; the status (NamesAccepted, Established,
 * acceptedNames, storedVersions) follows. Deleting a CRD deletes its objects first (the
 * cleanup finalizer), then stops serving the resource.
 */
export class CustomResourceDefinitionController implements Reconciler {
  readonly name = 'customresourcedefinitions';
  readonly #api: SandboxApi;

  private constructor(api: SandboxApi) {
    this.#api = api;
  }

  static create(options: {
    api: SandboxApi;
  }): CustomResourceDefinitionController {
    return new CustomResourceDefinitionController(options.api);
  }

  keysFor(event: StoreEvent): string[] {
    if (event.resourceKey !== CRDS) {
      // A custom object going away may let a terminating CRD finish.
      const crd = this.#crdServing(event.resourceKey);
      return event.type === 'DELETED' && crd?.metadata.deletionTimestamp
        ? [crd.metadata.name!]
        : [];
    }
    if (event.type === 'DELETED') {
      this.#api.registry.remove(
        event.object.spec?.group,
        event.object.spec?.names?.plural,
      );
    } else if (!event.object.metadata.deletionTimestamp) {
      this.#serve(event.object);
    }
    return [event.name];
  }

  initialKeys(): string[] {
    return this.#api.store.list(CRDS).map(crd => {
      this.#serve(crd);
      return crd.metadata.name!;
    });
  }

  async reconcile(name: string) {
    const crd = this.#api.store.get(CRDS, '', name);
    if (!crd) {
      return;
    }
    const scope = this.#api.scope(
      'apiextensions.k8s.io/v1',
      'CustomResourceDefinition',
    );
    if (crd.metadata.deletionTimestamp) {
      this.#cleanUp(scope, crd);
      return;
    }
    if (!crd.metadata.finalizers?.includes(CLEANUP_FINALIZER)) {
      const next = clone(crd);
      next.metadata.finalizers = [
        ...(next.metadata.finalizers ?? []),
        CLEANUP_FINALIZER,
      ];
      this.#api.update(scope, name, next, { fieldManager: MANAGER });
      return;
    }
    const status = desiredStatus(crd);
    if (!deepEqual(status, crd.status)) {
      this.#api.update(
        scope,
        name,
        { ...clone(crd), status },
        { fieldManager: MANAGER, subresource: 'status' },
      );
    }
  }

  #serve(crd: KubeObject): void {
    if (
      crd.spec?.group &&
      crd.spec?.names?.plural &&
      crd.spec?.names?.kind &&
      crd.spec?.versions?.length
    ) {
      this.#api.registry.add(customResourceType(crd));
    }
  }

  #crdServing(key: string): KubeObject | undefined {
    const type = this.#api.registry.get(key);
    return type && !type.builtin
      ? this.#api.store.get(CRDS, '', `${type.plural}.${type.group}`)
      : undefined;
  }

  #cleanUp(scope: RequestScope, crd: KubeObject): void {
    const { group, names } = crd.spec;
    const type = this.#api.registry.get(
      resourceKey({ group, plural: names.plural }),
    );
    if (type) {
      const objects = this.#api.store.list(resourceKey(type));
      if (objects.length > 0) {
        for (const object of objects) {
          if (!object.metadata.deletionTimestamp) {
            this.#api.delete(
              { type, namespace: object.metadata.namespace },
              object.metadata.name!,
              { propagationPolicy: 'Background' },
            );
          }
        }
        return;
      }
      this.#api.registry.remove(group, names.plural);
    }
    const next = clone(crd);
    next.metadata.finalizers = next.metadata.finalizers?.filter(
      (f: string) => f !== CLEANUP_FINALIZER,
    );
    this.#api.update(scope, crd.metadata.name!, next, {
      fieldManager: MANAGER,
    });
  }
}

function desiredStatus(crd: KubeObject) {
  const names = crd.spec.names;
  const storage = crd.spec.versions.find(
    (v: { storage?: boolean }) => v.storage,
  )?.name;
  let conditions = setCondition(crd.status?.conditions, {
    type: 'NamesAccepted',
    status: 'True',
    reason: 'NoConflicts',
    message: 'no conflicts found',
  });
  conditions = setCondition(conditions, {
    type: 'Established',
    status: 'True',
    reason: 'InitialNamesAccepted',
    message: 'the initial names have been accepted',
  });
  return {
    conditions,
    acceptedNames: {
      plural: names.plural,
      singular: names.singular,
      kind: names.kind,
      listKind: names.listKind,
      ...(names.shortNames ? { shortNames: names.shortNames } : {}),
      ...(names.categories ? { categories: names.categories } : {}),
    },
    storedVersions: [
      ...new Set(
        [...(crd.status?.storedVersions ?? []), storage].filter(Boolean),
      ),
    ],
  };
}
