import { groupVersion, resourceKey } from '../resources/ResourceType';
import { ObjectStore } from '../store/ObjectStore';
import { KubeObject } from '../store/types';
import { ApiError } from './ApiError';
import { decodeContinue, encodeContinue } from './continueToken';
import { objectFilter } from './objectFilter';
import { presentObject, withoutTypeMeta } from './objectShape';
import { ListOptions, ObjectList, RequestScope } from './types';

const CONTINUE_EXPIRED =
  'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.';

/**
 * A list as the apiserver serves it: selectors, `limit` with `continue` tokens that read the
 * same snapshot (rebuilt from the history, 410 once it is gone), `resourceVersionMatch=Exact`,
 * and `remainingItemCount` when nothing is filtered.
 */
export function listObjects(
  store: ObjectStore,
  scope: RequestScope,
  options: ListOptions,
): ObjectList {
  const { type } = scope;
  const key = resourceKey(type);
  const filter = objectFilter(type, options);
  let snapshot = store.resourceVersion;
  let objects: KubeObject[] | undefined;
  let after: string | undefined;
  if (options.continue) {
    const position = decodeContinue(options.continue);
    snapshot = position.resourceVersion;
    after = position.after;
    objects = store.listAt(key, scope.namespace, snapshot);
    if (!objects) {
      throw ApiError.expired(CONTINUE_EXPIRED);
    }
  } else if (
    options.resourceVersion &&
    options.resourceVersionMatch === 'Exact'
  ) {
    snapshot = Number(options.resourceVersion);
    objects = store.listAt(key, scope.namespace, snapshot);
    if (!objects) {
      throw ApiError.expired(
        `too old resource version: ${options.resourceVersion} (${
          store.oldestResourceVersion + 1
        })`,
      );
    }
  } else {
    objects = store.list(key, scope.namespace);
  }
  const keyOf = (o: KubeObject) =>
    `${o.metadata.namespace ?? ''}/${o.metadata.name}`;
  let items = objects.filter(
    o => (after === undefined || keyOf(o) > after) && filter.matches(o),
  );
  const metadata: ObjectList['metadata'] = {
    resourceVersion: String(snapshot),
  };
  if (options.limit && options.limit > 0 && items.length > options.limit) {
    const remaining = items.length - options.limit;
    items = items.slice(0, options.limit);
    metadata.continue = encodeContinue({
      resourceVersion: snapshot,
      after: keyOf(items[items.length - 1]),
    });
    if (filter.isEverything) {
      metadata.remainingItemCount = remaining;
    }
  }
  return {
    kind: type.listKind,
    apiVersion: groupVersion(type.group, scope.version ?? type.storageVersion),
    metadata,
    items: items.map(o =>
      type.builtin ? withoutTypeMeta(o) : presentObject(scope, o),
    ),
  };
}
