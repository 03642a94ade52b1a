import { ListSemantics } from '../../resources/ResourceType';
import { deepEqual, isPlainObject, JsonMap } from '../../util/json';
import { ApiError } from '../ApiError';

type Semantics = (path: readonly string[]) => ListSemantics | undefined;

const SET_ORDER = '$setElementOrder/';
const DELETE_FROM = '$deleteFromPrimitiveList/';

/**
 * Strategic merge patch for built-in types: maps merge like a merge patch, lists merge by their
 * patch merge key (`containers` by `name`) or as sets (`finalizers`) or are replaced, and the
 * directives kubectl's three-way patches carry are honoured: `$patch: replace|delete|merge`,
 * `$retainKeys`, `$setElementOrder/<list>` and `$deleteFromPrimitiveList/<list>`.
 */
export function strategicMergePatch(
  original: JsonMap,
  patch: unknown,
  semantics: Semantics,
): JsonMap {
  if (!isPlainObject(patch)) {
    throw ApiError.badRequest(
      'json: cannot unmarshal array into Go value of type map[string]interface {}',
    );
  }
  return mergeMap(original, patch, [], semantics) ?? {};
}

function mergeMap(
  original: JsonMap | undefined,
  patch: JsonMap,
  path: string[],
  semantics: Semantics,
): JsonMap | undefined {
  const directive = patch.$patch;
  if (directive === 'delete') {
    return undefined;
  }
  if (directive === 'replace') {
    return withoutDirectives(patch, path, semantics);
  }
  if (directive !== undefined && directive !== 'merge') {
    throw ApiError.badRequest(
      `Unknown patch type: ${directive} in map: ${JSON.stringify(patch)}`,
    );
  }
  const result: JsonMap = { ...(original ?? {}) };
  if (Array.isArray(patch.$retainKeys)) {
    for (const key of Object.keys(result)) {
      if (!patch.$retainKeys.includes(key)) {
        delete result[key];
      }
    }
  }
  for (const [key, value] of Object.entries(patch)) {
    if (
      key === '$patch' ||
      key === '$retainKeys' ||
      key.startsWith(SET_ORDER)
    ) {
      continue;
    }
    if (key.startsWith(DELETE_FROM)) {
      const field = key.slice(DELETE_FROM.length);
      if (Array.isArray(result[field]) && Array.isArray(value)) {
        result[field] = result[field].filter(
          (item: unknown) => !value.includes(item),
        );
      }
      continue;
    }
    const childPath = [...path, key];
    if (value === null) {
      delete result[key];
    } else if (isPlainObject(value)) {
      const merged = mergeMap(
        isPlainObject(result[key]) ? result[key] : undefined,
        value,
        childPath,
        semantics,
      );
      if (merged === undefined) {
        delete result[key];
      } else {
        result[key] = merged;
      }
    } else if (Array.isArray(value)) {
      result[key] = mergeList(
        Array.isArray(result[key]) ? result[key] : [],
        value,
        childPath,
        semantics,
      );
    } else {
      result[key] = value;
    }
  }
  for (const [key, order] of Object.entries(patch)) {
    const field = key.slice(SET_ORDER.length);
    if (
      key.startsWith(SET_ORDER) &&
      Array.isArray(order) &&
      Array.isArray(result[field])
    ) {
      result[field] = reorder(
        result[field],
        order,
        semantics([...path, field]),
      );
    }
  }
  return result;
}

function mergeList(
  original: unknown[],
  patch: unknown[],
  path: string[],
  semantics: Semantics,
): unknown[] {
  const list = semantics(path);
  if (patch.some(item => isPlainObject(item) && item.$patch === 'replace')) {
    return patch
      .filter(item => !(isPlainObject(item) && item.$patch === 'replace'))
      .map(item =>
        isPlainObject(item) ? withoutDirectives(item, path, semantics) : item,
      );
  }
  if (list?.type === 'set') {
    return [
      ...original,
      ...patch.filter(item => !original.some(o => deepEqual(o, item))),
    ];
  }
  if (list?.type !== 'map') {
    return patch.map(item =>
      isPlainObject(item) ? withoutDirectives(item, path, semantics) : item,
    );
  }
  const key = list.key;
  const result = [...original];
  for (const item of patch) {
    if (!isPlainObject(item)) {
      throw ApiError.badRequest(
        `unable to merge a non-map item into list ${path.join('.')}`,
      );
    }
    if (item[key] === undefined) {
      throw ApiError.badRequest(
        `map: ${JSON.stringify(
          item,
        )} does not contain declared merge key: ${key}`,
      );
    }
    const at = result.findIndex(o => isPlainObject(o) && o[key] === item[key]);
    if (item.$patch === 'delete') {
      if (at >= 0) {
        result.splice(at, 1);
      }
      continue;
    }
    if (at >= 0) {
      result[at] = mergeMap(result[at] as JsonMap, item, path, semantics);
    } else {
      result.push(mergeMap(undefined, item, path, semantics));
    }
  }
  return result.filter(item => item !== undefined);
}

/** Orders a merged list as `$setElementOrder` says; items it does not name keep their place after. */
function reorder(
  list: unknown[],
  order: unknown[],
  semantics: ListSemantics | undefined,
): unknown[] {
  const identity = (item: unknown) =>
    semantics?.type === 'map' && isPlainObject(item)
      ? item[semantics.key]
      : item;
  const position = (item: unknown) => {
    const at = order.findIndex(o => deepEqual(identity(o), identity(item)));
    return at < 0 ? order.length : at;
  };
  return list
    .map((item, index) => ({ item, index }))
    .sort((a, b) => position(a.item) - position(b.item) || a.index - b.index)
    .map(({ item }) => item);
}

/** A patch value used as is (no original to merge into): the directives go away. */
function withoutDirectives(
  value: JsonMap,
  path: string[],
  semantics: Semantics,
): JsonMap {
  return (
    mergeMap(undefined, { ...value, $patch: undefined }, path, semantics) ?? {}
  );
}
