import { groupVersion } from '../resources/ResourceType';
import { KubeObject, ManagedFieldsEntry } from '../store/types';
import { clone, isPlainObject } from '../util/json';
import { ApiError } from './ApiError';
import { recordUpdate } from './managedFields/managers';
import {
  changesGeneration,
  fieldPart,
  keepServerMetadata,
} from './objectRules';
import { RequestScope } from './types';

export interface PrepareUpdateOptions {
  scope: RequestScope;
  old: KubeObject;
  next: KubeObject;
  subresource?: string;
  fieldManager?: string;
  /** Set by server-side apply, which computes managedFields itself. */
  managedFields?: { entries: ManagedFieldsEntry[] | undefined };
  /** Internal subresources (binding, finalize) that bypass the type's validation. */
  trusted?: boolean;
}

/**
 * Everything an update does before it is stored: optimistic concurrency (409), the status
 * subresource rules (the main resource keeps the stored status, `/status` keeps everything
 * else), server-owned metadata, no new finalizers while deleting (422), defaults, validation
 * (422), generation and managedFields. The result carries the old resourceVersion.
 */
export function prepareUpdate(options: PrepareUpdateOptions): KubeObject {
  const { scope, old, subresource } = options;
  const { type } = scope;
  const name = old.metadata.name!;
  const given = clone(options.next);
  given.metadata = isPlainObject(given.metadata) ? given.metadata : {};
  if (
    given.metadata.resourceVersion &&
    given.metadata.resourceVersion !== old.metadata.resourceVersion
  ) {
    throw ApiError.conflict(type, name);
  }
  let next: KubeObject;
  if (subresource === 'status') {
    next = { ...clone(old), status: given.status };
    if (given.status === undefined) {
      delete next.status;
    }
  } else {
    next = given;
    if (type.status) {
      next.status = clone(old.status);
      if (old.status === undefined) {
        delete next.status;
      }
    }
  }
  next.apiVersion = old.apiVersion;
  next.kind = old.kind;
  keepServerMetadata(next, old);
  if (old.metadata.deletionTimestamp) {
    const added = (next.metadata.finalizers ?? []).filter(
      f => !(old.metadata.finalizers ?? []).includes(f),
    );
    if (added.length) {
      throw ApiError.invalid(type, name, [
        {
          reason: 'FieldValueForbidden',
          message: `Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers ${JSON.stringify(
            added,
          )}`,
          field: 'metadata.finalizers',
        },
      ]);
    }
  }
  type.strategy.applyDefaults?.(next);
  type.strategy.prepareForUpdate?.(next, old);
  if (!options.trusted) {
    const causes = type.strategy.validate?.(next, old) ?? [];
    if (causes.length) {
      throw ApiError.invalid(type, name, causes);
    }
  }
  if (changesGeneration(next, old, type)) {
    next.metadata.generation = (old.metadata.generation ?? 0) + 1;
  }
  const managedFields = options.managedFields
    ? options.managedFields.entries
    : recordUpdate({
        old,
        next,
        manager: options.fieldManager ?? 'unknown',
        subresource,
        apiVersion: groupVersion(
          type.group,
          scope.version ?? type.storageVersion,
        ),
        part: fieldPart(type, subresource),
        semantics: type.listSemantics,
      });
  if (managedFields) {
    next.metadata.managedFields = managedFields;
  } else {
    delete next.metadata.managedFields;
  }
  next.metadata.resourceVersion = old.metadata.resourceVersion;
  return next;
}
