import { ListSemantics } from '../../resources/ResourceType';
import { FieldsV1 } from '../../store/types';
import { deepEqual, isPlainObject, JsonMap } from '../../util/json';

/*
 * Field paths as structured-merge-diff writes them in `fieldsV1`: `f:<field>` for map fields,
 * `k:{"name":"app"}` for an item of a list merged by key, `v:<json>` for a set item. A path
 * is kept as its elements joined by SEPARATOR so sets of paths are plain Set<string>.
 *
 * Simplification: without schemas, the sandbox cannot tell a struct from a map, so map fields
 * never carry the `.` ("the map itself") marker; list items merged by key do.
 */

export type Semantics = (path: readonly string[]) => ListSemantics | undefined;

const SEPARATOR = '\u0001';

export function joinPath(elements: string[]): string {
  return elements.join(SEPARATOR);
}

export function splitPath(path: string): string[] {
  return path === '' ? [] : path.split(SEPARATOR);
}

/** Whether `path` lies strictly below `ancestor`. */
export function isBelow(path: string, ancestor: string): boolean {
  return path.startsWith(ancestor + SEPARATOR);
}

/** The metadata fields the server owns; nobody manages them. */
const SERVER_METADATA = new Set([
  'name',
  'namespace',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'managedFields',
  'selfLink',
]);

/** The part of an object that field management sees, without the server's own fields. */
export function managedPart(
  object: JsonMap,
  part: 'main' | 'status' | 'all',
): JsonMap {
  const { apiVersion: _a, kind: _k, metadata = {}, status, ...rest } = object;
  if (part === 'status') {
    return status === undefined ? {} : { status };
  }
  const meta = Object.fromEntries(
    Object.entries(metadata as JsonMap).filter(
      ([key]) => !SERVER_METADATA.has(key),
    ),
  );
  return {
    ...(Object.keys(meta).length ? { metadata: meta } : {}),
    ...rest,
    ...(part === 'all' && status !== undefined ? { status } : {}),
  };
}

/** Every owned path in a value: leaves, atomic lists, set items and keyed list items. */
export function fieldSet(value: JsonMap, semantics: Semantics): Set<string> {
  const result = new Set<string>();
  walk(value, [], [], semantics, result);
  return result;
}

function itemElement(key: string, item: JsonMap): string {
  return `k:${JSON.stringify({ [key]: item[key] })}`;
}

function walk(
  value: unknown,
  schemaPath: string[],
  elements: string[],
  semantics: Semantics,
  result: Set<string>,
): void {
  if (isPlainObject(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0 && elements.length > 0) {
      result.add(joinPath(elements));
    }
    for (const [key, child] of entries) {
      walk(
        child,
        [...schemaPath, key],
        [...elements, `f:${key}`],
        semantics,
        result,
      );
    }
    return;
  }
  if (Array.isArray(value)) {
    const list = semantics(schemaPath);
    if (list?.type === 'map') {
      for (const item of value) {
        if (!isPlainObject(item)) {
          continue;
        }
        const itemElements = [...elements, itemElement(list.key, item)];
        result.add(joinPath(itemElements));
        for (const [key, child] of Object.entries(item)) {
          walk(
            child,
            [...schemaPath, key],
            [...itemElements, `f:${key}`],
            semantics,
            result,
          );
        }
      }
      return;
    }
    if (list?.type === 'set') {
      for (const item of value) {
        result.add(joinPath([...elements, `v:${JSON.stringify(item)}`]));
      }
      return;
    }
  }
  result.add(joinPath(elements));
}

/** The value at a path, or undefined; a set item's value is the item itself. */
export function valueAt(object: unknown, path: string): unknown {
  let value: any = object;
  for (const element of splitPath(path)) {
    if (value === undefined || value === null) {
      return undefined;
    }
    const body = element.slice(2);
    if (element.startsWith('f:')) {
      value = isPlainObject(value) ? value[body] : undefined;
    } else if (element.startsWith('k:')) {
      // `k:{}`: an item without its merge key (itemElement), which no item matches.
      const [[key, wanted] = []] = Object.entries(JSON.parse(body));
      value =
        Array.isArray(value) && key !== undefined
          ? value.find(
              item => isPlainObject(item) && deepEqual(item[key], wanted),
            )
          : undefined;
    } else {
      const wanted = JSON.parse(body);
      value =
        Array.isArray(value) && value.some(item => deepEqual(item, wanted))
          ? wanted
          : undefined;
    }
  }
  return value;
}

/** Removes the field, keyed item or set item at a path from a mutable object. */
export function removeAt(object: JsonMap, path: string): void {
  const elements = splitPath(path);
  const parent = valueAt(object, joinPath(elements.slice(0, -1)));
  const last = elements[elements.length - 1];
  const body = last.slice(2);
  if (last.startsWith('f:') && isPlainObject(parent)) {
    delete parent[body];
  } else if (Array.isArray(parent)) {
    const at = last.startsWith('k:')
      ? (() => {
          const [[key, wanted]] = Object.entries(JSON.parse(body));
          return parent.findIndex(
            item => isPlainObject(item) && deepEqual(item[key], wanted),
          );
        })()
      : parent.findIndex(item => deepEqual(item, JSON.parse(body)));
    if (at >= 0) {
      parent.splice(at, 1);
    }
  }
}

/** A path as conflict messages print it: `.spec.containers[name="app"].image`. */
export function describePath(path: string): string {
  return splitPath(path)
    .map(element => {
      const body = element.slice(2);
      if (element.startsWith('f:')) {
        return `.${body}`;
      }
      if (element.startsWith('k:')) {
        const [[key, value]] = Object.entries(JSON.parse(body));
        return `[${key}=${JSON.stringify(value)}]`;
      }
      return `[=${body}]`;
    })
    .join('');
}

export function toFieldsV1(paths: Set<string>): FieldsV1 {
  const root: FieldsV1 = {};
  for (const path of paths) {
    let node = root;
    for (const element of splitPath(path)) {
      node[element] ??= {};
      node = node[element];
    }
    if (splitPath(path).pop()?.startsWith('k:')) {
      node['.'] = {};
    }
  }
  return root;
}

export function fromFieldsV1(fields: FieldsV1): Set<string> {
  const result = new Set<string>();
  const visit = (node: FieldsV1, elements: string[]) => {
    const children = Object.keys(node).filter(key => key !== '.');
    if ((children.length === 0 || node['.']) && elements.length > 0) {
      result.add(joinPath(elements));
    }
    for (const child of children) {
      visit(node[child], [...elements, child]);
    }
  };
  visit(fields, []);
  return result;
}
