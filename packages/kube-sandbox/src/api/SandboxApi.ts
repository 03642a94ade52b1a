import { ResourceRegistry } from '../resources/ResourceRegistry';
import {
  groupVersion,
  resourceKey,
  ResourceType,
} from '../resources/ResourceType';
import { ObjectStore } from '../store/ObjectStore';
import { KubeObject, ManagedFieldsEntry } from '../store/types';
import { clone, JsonMap } from '../util/json';
import { ApiError } from './ApiError';
import { listObjects } from './listObjects';
import { objectFilter } from './objectFilter';
import { fieldPart, isNoOp, pendingFinalizers } from './objectRules';
import { asObject, checkIdentity, presentObject } from './objectShape';
import { serverSideApply } from './patch/serverSideApply';
import {
  checkPatchRequest,
  CUSTOM_RESOURCE_PATCH_TYPES,
  patchDocument,
} from './patchDocument';
import { planDeletion, waitsForGrace } from './planDeletion';
import { prepareCreate } from './prepareCreate';
import { prepareUpdate, PrepareUpdateOptions } from './prepareUpdate';
import { fromScale, toScale } from './scaleSubresource';
import {
  DeleteOptions,
  DeleteResult,
  ListOptions,
  ObjectList,
  PatchOptions,
  PatchType,
  RequestScope,
  WriteOptions,
  WriteResult,
} from './types';

type CommitOptions = Omit<PrepareUpdateOptions, 'scope' | 'old' | 'next'> & {
  dryRun?: boolean;
};

/**
 * The Kubernetes API in-process: every verb with the apiserver's rules (defaults, validation,
 * optimistic concurrency, status and scale subresources, generation, managedFields, finalizers
 * and deletion). The HTTP server and the simulated controllers both call it; it never speaks
 * HTTP and throws ApiError for what the apiserver answers with a failure Status. The rules live
 * in prepareCreate, prepareUpdate, planDeletion and listObjects; this class reads and commits.
 */
export class SandboxApi {
  readonly store: ObjectStore;
  readonly registry: ResourceRegistry;

  private constructor(options: {
    store: ObjectStore;
    registry: ResourceRegistry;
  }) {
    this.store = options.store;
    this.registry = options.registry;
  }

  static create(options: {
    store: ObjectStore;
    registry: ResourceRegistry;
  }): SandboxApi {
    return new SandboxApi(options);
  }

  /** The scope of a kind, for in-process callers (`scope('apps/v1', 'Deployment', 'default')`). */
  scope(apiVersion: string, kind: string, namespace?: string): RequestScope {
    const [group, version] = apiVersion.includes('/')
      ? apiVersion.split('/')
      : ['', apiVersion];
    const type = this.registry.findByKind(group, version, kind);
    if (!type) {
      throw ApiError.withCode(
        404,
        `no matches for kind "${kind}" in version "${apiVersion}"`,
      );
    }
    return {
      type,
      version,
      namespace: type.namespaced ? namespace : undefined,
    };
  }

  get(scope: RequestScope, name: string, subresource?: string): KubeObject {
    checkSubresource(scope.type, subresource);
    const object = this.#find(scope, name);
    return subresource === 'scale'
      ? toScale(object, scope.type.scale!)
      : presentObject(scope, object);
  }

  list(scope: RequestScope, options: ListOptions = {}): ObjectList {
    return listObjects(this.store, scope, options);
  }

  create(
    scope: RequestScope,
    body: unknown,
    options: WriteOptions = {},
  ): WriteResult {
    if (options.subresource) {
      throw ApiError.methodNotAllowed(
        'the server does not allow this method on the requested resource',
      );
    }
    return {
      object: this.#commitCreate(scope, asObject(body), options),
      created: true,
    };
  }

  update(
    scope: RequestScope,
    name: string,
    body: unknown,
    options: WriteOptions = {},
  ): WriteResult {
    checkSubresource(scope.type, options.subresource);
    const next = asObject(body);
    const old = this.#find(scope, name);
    if (options.subresource === 'scale') {
      return this.#writeScale(scope, old, next, options);
    }
    checkIdentity(scope, name, next);
    return {
      object: presentObject(
        scope,
        this.#commitUpdate(scope, old, next, options),
      ),
      created: false,
    };
  }

  patch(
    scope: RequestScope,
    name: string,
    patchType: PatchType,
    patch: unknown,
    options: PatchOptions = {},
  ): WriteResult {
    const { type } = scope;
    checkSubresource(type, options.subresource);
    checkPatchRequest(scope, patchType, options);
    const old = this.store.get(resourceKey(type), scope.namespace ?? '', name);
    if (patchType === 'apply') {
      return this.#apply(scope, name, old, asObject(patch), options);
    }
    if (!old) {
      throw ApiError.notFound(type, name);
    }
    if (options.subresource === 'scale') {
      return this.#writeScale(
        scope,
        old,
        patchDocument(patchType, toScale(old, type.scale!), patch, scope),
        options,
      );
    }
    const next = patchDocument(
      patchType,
      presentObject(scope, old),
      patch,
      scope,
    );
    checkIdentity(scope, name, next);
    return {
      object: presentObject(
        scope,
        this.#commitUpdate(scope, old, next, options),
      ),
      created: false,
    };
  }

  delete(
    scope: RequestScope,
    name: string,
    options: DeleteOptions = {},
  ): DeleteResult {
    const { type } = scope;
    const old = this.#find(scope, name);
    const plan = planDeletion(type, old, options);
    if (plan.action === 'mark') {
      let object = plan.next;
      if (!options.dryRun) {
        object = isNoOp(plan.next, old)
          ? old
          : this.store.put(resourceKey(type), plan.next);
      }
      return { body: presentObject(scope, object), deleted: false };
    }
    const removed = options.dryRun
      ? old
      : this.store.remove(resourceKey(type), scope.namespace ?? '', name)!;
    return { body: this.#deleteResponse(scope, removed), deleted: true };
  }

  deleteCollection(
    scope: RequestScope,
    listOptions: ListOptions,
    options: DeleteOptions = {},
  ): JsonMap {
    const filter = objectFilter(scope.type, listOptions);
    for (const object of this.store.list(
      resourceKey(scope.type),
      scope.namespace,
    )) {
      if (filter.matches(object)) {
        this.delete(
          { ...scope, namespace: object.metadata.namespace },
          object.metadata.name!,
          options,
        );
      }
    }
    return {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Success',
    };
  }

  /** `PUT namespaces/<name>/finalize`: only `spec.finalizers` changes. */
  finalizeNamespace(name: string, body: unknown): KubeObject {
    const scope = this.scope('v1', 'Namespace');
    const old = this.#find(scope, name);
    const given = asObject(body);
    const next = clone(old);
    next.spec = { ...next.spec, finalizers: given.spec?.finalizers ?? [] };
    next.metadata.resourceVersion = given.metadata?.resourceVersion;
    const written = this.#commitUpdate(scope, old, next, {
      trusted: true,
      fieldManager: 'kube-controller-manager',
    });
    return presentObject(scope, written);
  }

  /** `POST pods/<name>/binding`: the scheduler's way of setting `spec.nodeName`. */
  bindPod(namespace: string, name: string, nodeName: string): KubeObject {
    const scope = this.scope('v1', 'Pod', namespace);
    const old = this.#find(scope, name);
    if (old.spec?.nodeName) {
      throw ApiError.conflict(
        scope.type,
        name,
        `pod ${name} is already assigned to node "${old.spec.nodeName}"`,
      );
    }
    const next = clone(old);
    next.spec.nodeName = nodeName;
    return this.#commitUpdate(scope, old, next, {
      trusted: true,
      fieldManager: 'kube-scheduler',
    });
  }

  #find(scope: RequestScope, name: string): KubeObject {
    const object = this.store.get(
      resourceKey(scope.type),
      scope.namespace ?? '',
      name,
    );
    if (!object) {
      throw ApiError.notFound(scope.type, name);
    }
    return object;
  }

  #apply(
    scope: RequestScope,
    name: string,
    old: KubeObject | undefined,
    config: KubeObject,
    options: PatchOptions,
  ): WriteResult {
    const { type } = scope;
    if (options.subresource === 'scale') {
      throw ApiError.unsupportedMediaType(
        CUSTOM_RESOURCE_PATCH_TYPES.slice(0, 2),
      );
    }
    if (!config.apiVersion || !config.kind) {
      throw ApiError.badRequest(
        `invalid object type: ${config.apiVersion ?? ''}, Kind=${
          config.kind ?? ''
        }`,
      );
    }
    if (config.kind !== type.kind) {
      throw ApiError.badRequest(
        `the kind in the request (${config.kind}) does not match the kind of the resource (${type.kind})`,
      );
    }
    checkIdentity(scope, name, config);
    if (!old && options.subresource) {
      throw ApiError.notFound(type, name);
    }
    const { object, managedFields } = serverSideApply({
      live: old,
      config,
      manager: options.fieldManager!,
      force: options.force ?? false,
      subresource: options.subresource,
      apiVersion: groupVersion(
        type.group,
        scope.version ?? type.storageVersion,
      ),
      part: fieldPart(type, options.subresource),
      semantics: type.listSemantics,
      describe: {
        group: type.group,
        plural: type.plural,
        kind: type.kind,
        name,
      },
    });
    const next = object as KubeObject;
    next.metadata = {
      ...next.metadata,
      name,
      resourceVersion:
        config.metadata?.resourceVersion ?? old?.metadata.resourceVersion,
    };
    const given = { entries: managedFields };
    if (!old) {
      return {
        object: this.#commitCreate(scope, next, {
          ...options,
          managedFields: given,
        }),
        created: true,
      };
    }
    const written = this.#commitUpdate(scope, old, next, {
      ...options,
      managedFields: given,
    });
    return { object: presentObject(scope, written), created: false };
  }

  #writeScale(
    scope: RequestScope,
    old: KubeObject,
    scale: KubeObject,
    options: WriteOptions,
  ): WriteResult {
    const written = this.#commitUpdate(
      scope,
      old,
      fromScale(old, scale, scope.type),
      {
        fieldManager: options.fieldManager,
        dryRun: options.dryRun,
      },
    );
    return { object: toScale(written, scope.type.scale!), created: false };
  }

  #commitCreate(
    scope: RequestScope,
    body: KubeObject,
    options: WriteOptions & {
      managedFields?: { entries: ManagedFieldsEntry[] | undefined };
    },
  ): KubeObject {
    const object = prepareCreate({
      store: this.store,
      scope,
      body,
      ...options,
    });
    return presentObject(
      scope,
      options.dryRun ? object : this.store.put(resourceKey(scope.type), object),
    );
  }

  /**
   * Stores an update unless it is a no-op (then the stored object is the answer and nothing is
   * written, no event either); an update that drops the last finalizer of a deleted object
   * removes it.
   */
  #commitUpdate(
    scope: RequestScope,
    old: KubeObject,
    next: KubeObject,
    options: CommitOptions,
  ): KubeObject {
    const { type } = scope;
    const prepared = prepareUpdate({ scope, old, next, ...options });
    if (isNoOp(prepared, old)) {
      return old;
    }
    if (options.dryRun) {
      return prepared;
    }
    const key = resourceKey(type);
    const stored = this.store.put(key, prepared);
    if (
      stored.metadata.deletionTimestamp &&
      pendingFinalizers(stored, type).length === 0 &&
      !waitsForGrace(type, stored)
    ) {
      return this.store.remove(
        key,
        stored.metadata.namespace ?? '',
        stored.metadata.name!,
      )!;
    }
    return stored;
  }

  #deleteResponse(scope: RequestScope, object: KubeObject): JsonMap {
    const { type } = scope;
    if (type.returnsDeletedObject) {
      return presentObject(scope, object);
    }
    return {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Success',
      details: {
        name: object.metadata.name,
        ...(type.group ? { group: type.group } : {}),
        kind: type.plural,
        uid: object.metadata.uid,
      },
    };
  }
}

/** `/status` and `/scale` exist only where the type has them; other names are not served. */
function checkSubresource(
  type: ResourceType,
  subresource: string | undefined,
): void {
  if (
    (subresource === 'status' && !type.status) ||
    (subresource === 'scale' && !type.scale) ||
    (subresource && subresource !== 'status' && subresource !== 'scale')
  ) {
    throw ApiError.pathNotFound();
  }
}
