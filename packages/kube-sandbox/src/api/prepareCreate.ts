import { validateName } from '../resources/fieldErrors';
import { groupVersion, resourceKey } from '../resources/ResourceType';
import { ObjectStore } from '../store/ObjectStore';
import { KubeObject, ManagedFieldsEntry } from '../store/types';
import { clone, isPlainObject, timestamp } from '../util/json';
import { ApiError } from './ApiError';
import { recordUpdate } from './managedFields/managers';
import { fieldPart, generatedName, newUid } from './objectRules';
import { RequestScope } from './types';

const NAMESPACES = resourceKey({ group: '', plural: 'namespaces' });

export interface PrepareCreateOptions {
  store: ObjectStore;
  scope: RequestScope;
  body: KubeObject;
  fieldManager?: string;
  /** Set by server-side apply, which computes managedFields itself. */
  managedFields?: { entries: ManagedFieldsEntry[] | undefined };
}

/**
 * Everything a create does before it is stored, in the apiserver's order: the body must fit the
 * request (400), the namespace must exist (404) and not be terminating (403), the name is
 * generated or checked, server fields and defaults are set, validation runs (422), and only then
 * a duplicate is a 409 AlreadyExists.
 */
export function prepareCreate(options: PrepareCreateOptions): KubeObject {
  const { store, scope } = options;
  const { type } = scope;
  const object = clone(options.body);
  object.metadata = isPlainObject(object.metadata) ? object.metadata : {};
  const expectedVersion = groupVersion(
    type.group,
    scope.version ?? type.storageVersion,
  );
  if (object.apiVersion && object.apiVersion !== expectedVersion) {
    throw ApiError.badRequest(
      `the API version in the data (${object.apiVersion}) does not match the expected API version (${expectedVersion})`,
    );
  }
  if (object.kind && object.kind !== type.kind) {
    throw ApiError.badRequest(
      `the kind in the data (${object.kind}) does not match the expected kind (${type.kind})`,
    );
  }
  if (object.metadata.resourceVersion) {
    throw ApiError.badRequest(
      'resourceVersion should not be set on objects to be created',
    );
  }
  if (type.namespaced) {
    if (
      object.metadata.namespace &&
      object.metadata.namespace !== scope.namespace
    ) {
      throw ApiError.badRequest(
        'the namespace of the provided object does not match the namespace sent on the request',
      );
    }
    object.metadata.namespace = scope.namespace;
  } else {
    delete object.metadata.namespace;
  }
  const key = resourceKey(type);
  const namespace = object.metadata.namespace ?? '';
  if (!object.metadata.name && object.metadata.generateName) {
    do {
      object.metadata.name = generatedName(object.metadata.generateName);
    } while (store.get(key, namespace, object.metadata.name));
  }
  const name: string = object.metadata.name ?? '';
  if (!name) {
    throw ApiError.invalid(type, '', [
      {
        reason: 'FieldValueRequired',
        message: 'Required value: name or generateName is required',
        field: 'metadata.name',
      },
    ]);
  }
  if (type.namespaced) {
    checkNamespaceOpen(store, scope, name);
  }
  object.apiVersion = groupVersion(type.group, type.storageVersion);
  object.kind = type.kind;
  object.metadata.uid = newUid();
  object.metadata.creationTimestamp = timestamp();
  for (const field of [
    'deletionTimestamp',
    'deletionGracePeriodSeconds',
    'generation',
    'managedFields',
  ] as const) {
    delete object.metadata[field];
  }
  if (type.generation) {
    object.metadata.generation = 1;
  }
  if (type.status) {
    delete object.status;
  }
  type.strategy.applyDefaults?.(object);
  type.strategy.prepareForCreate?.(object);
  const causes = [
    ...validateName('metadata.name', name, type.nameRule),
    ...(type.strategy.validate?.(object) ?? []),
  ];
  if (causes.length) {
    throw ApiError.invalid(type, name, causes);
  }
  if (store.get(key, namespace, name)) {
    throw ApiError.alreadyExists(type, name);
  }
  const managedFields = options.managedFields
    ? options.managedFields.entries
    : recordUpdate({
        old: undefined,
        next: object,
        manager: options.fieldManager ?? 'unknown',
        apiVersion: expectedVersion,
        part: fieldPart(type, undefined),
        semantics: type.listSemantics,
      });
  if (managedFields) {
    object.metadata.managedFields = managedFields;
  }
  return object;
}

function checkNamespaceOpen(
  store: ObjectStore,
  scope: RequestScope,
  name: string,
): void {
  const namespace = scope.namespace!;
  const found = store.get(NAMESPACES, '', namespace);
  if (!found) {
    throw ApiError.notFound({ group: '', plural: 'namespaces' }, namespace);
  }
  if (found.metadata.deletionTimestamp) {
    throw ApiError.forbidden(
      scope.type,
      name,
      `unable to create new content in namespace ${namespace} because it is being terminated`,
      [
        {
          reason: 'NamespaceTerminating',
          message: `namespace ${namespace} is being terminated`,
          field: 'metadata.namespace',
        },
      ],
    );
  }
}
