import { ManagedFieldsEntry } from '../../store/types';
import {
  clone,
  deepEqual,
  isPlainObject,
  JsonMap,
  timestamp,
} from '../../util/json';
import { ApiError } from '../ApiError';
import {
  describePath,
  fieldSet,
  isBelow,
  joinPath,
  managedPart,
  removeAt,
  Semantics,
  splitPath,
  valueAt,
} from '../managedFields/fieldPaths';
import {
  readManagers,
  sameManager,
  writeManagers,
} from '../managedFields/managers';

export interface ServerSideApplyOptions {
  /** The object as stored, or undefined when the apply creates it. */
  live: JsonMap | undefined;
  /** The applied configuration (the request body). */
  config: JsonMap;
  manager: string;
  force: boolean;
  subresource?: string;
  apiVersion: string;
  /** Which part of the object this endpoint writes. */
  part: 'main' | 'status' | 'all';
  semantics: Semantics;
  /** For the Conflict status. */
  describe: { group: string; plural: string; kind: string; name: string };
}

export interface ServerSideApplyResult {
  object: JsonMap;
  managedFields: ManagedFieldsEntry[] | undefined;
}

/**
 * Server-side apply, a subset of structured-merge-diff: the applied configuration is merged into
 * the live object (maps by field, keyed lists by key, sets by value, anything else replaced);
 * fields this manager applied before and no longer applies are removed unless another manager
 * owns them; setting a field to a different value than another manager's is a conflict (409)
 * unless `force`, which takes the field over. Not covered: CRD schema list types
 * (`x-kubernetes-list-type`), so lists in custom resources are atomic, and the `.` markers of
 * granular maps.
 */
export function serverSideApply(
  options: ServerSideApplyOptions,
): ServerSideApplyResult {
  const {
    live,
    config,
    manager,
    force,
    subresource,
    apiVersion,
    part,
    semantics,
  } = options;
  const applied = managedPart(config, part);
  const appliedFields = fieldSet(applied, semantics);
  const livePart = live ? managedPart(live, part) : {};
  const managers = readManagers(live?.metadata?.managedFields);
  let own = managers.find(m => sameManager(m, manager, 'Apply', subresource));

  const conflicts: Array<{
    manager: string;
    apiVersion: string;
    path: string;
  }> = [];
  for (const path of appliedFields) {
    if (splitPath(path).pop()!.startsWith('k:')) {
      continue; // A keyed item conflicts through its fields, not as a whole.
    }
    const current = valueAt(livePart, path);
    if (current === undefined || deepEqual(current, valueAt(applied, path))) {
      continue;
    }
    for (const other of managers) {
      if (other !== own && other.fields.has(path)) {
        conflicts.push({
          manager: other.manager,
          apiVersion: other.apiVersion,
          path,
        });
      }
    }
  }
  if (conflicts.length > 0 && !force) {
    throw conflictError(options.describe, conflicts);
  }

  const object = live ? clone(live) : {};
  mergeApplied(object, applied, [], semantics);
  const previouslyApplied = own ? [...own.fields] : [];
  const dropped = previouslyApplied
    // An empty map applied before is owned as a leaf; applied again with fields, it stays.
    .filter(path => !ownsWithin(appliedFields, path))
    .filter(
      path => !managers.some(m => m !== own && ownsWithin(m.fields, path)),
    )
    .sort((a, b) => splitPath(b).length - splitPath(a).length);
  for (const path of dropped) {
    removeAt(object, path);
    pruneEmptyParents(object, path);
  }

  if (force) {
    for (const other of managers) {
      if (other !== own) {
        conflicts.forEach(({ path }) => other.fields.delete(path));
      }
    }
  }
  if (!own) {
    own = {
      manager,
      operation: 'Apply',
      subresource,
      apiVersion,
      time: '',
      fields: new Set(),
    };
    managers.push(own);
  }
  own.fields = appliedFields;
  own.apiVersion = apiVersion;
  own.time = timestamp();
  return { object, managedFields: writeManagers(managers) };
}

function ownsWithin(fields: Set<string>, path: string): boolean {
  if (fields.has(path)) {
    return true;
  }
  for (const owned of fields) {
    if (isBelow(owned, path)) {
      return true;
    }
  }
  return false;
}

function mergeApplied(
  target: JsonMap,
  applied: JsonMap,
  path: string[],
  semantics: Semantics,
): void {
  for (const [key, value] of Object.entries(applied)) {
    const childPath = [...path, key];
    if (value === null || value === undefined) {
      delete target[key];
    } else if (isPlainObject(value)) {
      const child = isPlainObject(target[key]) ? { ...target[key] } : {};
      mergeApplied(child, value, childPath, semantics);
      target[key] = child;
    } else if (Array.isArray(value)) {
      target[key] = mergeList(
        Array.isArray(target[key]) ? target[key] : [],
        value,
        childPath,
        semantics,
      );
    } else {
      target[key] = value;
    }
  }
}

function mergeList(
  current: unknown[],
  applied: unknown[],
  path: string[],
  semantics: Semantics,
): unknown[] {
  const list = semantics(path);
  if (list?.type === 'set') {
    return [
      ...current,
      ...applied.filter(item => !current.some(c => deepEqual(c, item))),
    ];
  }
  if (list?.type !== 'map') {
    return clone(applied);
  }
  const result = [...current];
  for (const item of applied) {
    if (!isPlainObject(item)) {
      continue;
    }
    const at = result.findIndex(
      c => isPlainObject(c) && deepEqual(c[list.key], item[list.key]),
    );
    if (at >= 0) {
      const merged = { ...(result[at] as JsonMap) };
      mergeApplied(merged, item, path, semantics);
      result[at] = merged;
    } else {
      result.push(clone(item));
    }
  }
  return result;
}

/** After removing a field, maps left empty by the removal go too (not the object's top level). */
function pruneEmptyParents(object: JsonMap, path: string): void {
  const elements = splitPath(path);
  for (let depth = elements.length - 1; depth > 1; depth--) {
    const parentPath = joinPath(elements.slice(0, depth));
    const value = valueAt(object, parentPath);
    if (
      !isPlainObject(value) ||
      Object.keys(value).length > 0 ||
      !elements[depth - 1].startsWith('f:')
    ) {
      return;
    }
    removeAt(object, parentPath);
  }
}

function conflictError(
  describe: ServerSideApplyOptions['describe'],
  conflicts: Array<{ manager: string; apiVersion: string; path: string }>,
): ApiError {
  const causes = conflicts.map(c => ({
    reason: 'FieldManagerConflict',
    message: `conflict with "${c.manager}" using ${c.apiVersion}`,
    field: describePath(c.path),
  }));
  const lines =
    conflicts.length === 1
      ? `${causes[0].message}: ${causes[0].field}`
      : `conflicts with ${[
          ...new Set(conflicts.map(c => `"${c.manager}"`)),
        ].join(', ')}:\n${causes.map(c => `- ${c.field}`).join('\n')}`;
  return new ApiError({
    message: `Apply failed with ${conflicts.length} conflict${
      conflicts.length === 1 ? '' : 's'
    }: ${lines}`,
    reason: 'Conflict',
    details: {
      name: describe.name,
      ...(describe.group ? { group: describe.group } : {}),
      kind: describe.plural,
      causes,
    },
    code: 409,
  });
}
