import { ManagedFieldsEntry } from '../../store/types';
import { deepEqual, JsonMap, timestamp } from '../../util/json';
import {
  fieldSet,
  fromFieldsV1,
  managedPart,
  Semantics,
  toFieldsV1,
  valueAt,
} from './fieldPaths';

/** A `managedFields` entry with its field set parsed. */
export interface Manager {
  manager: string;
  operation: 'Apply' | 'Update';
  subresource?: string;
  apiVersion: string;
  time: string;
  fields: Set<string>;
}

export function readManagers(
  entries: ManagedFieldsEntry[] | undefined,
): Manager[] {
  return (entries ?? []).map(entry => ({
    manager: entry.manager,
    operation: entry.operation,
    subresource: entry.subresource,
    apiVersion: entry.apiVersion,
    time: entry.time,
    fields: fromFieldsV1(entry.fieldsV1 ?? {}),
  }));
}

/** Back to `managedFields`, dropping managers that own nothing any more. */
export function writeManagers(
  managers: Manager[],
): ManagedFieldsEntry[] | undefined {
  const entries = managers
    .filter(m => m.fields.size > 0)
    .map(m => ({
      manager: m.manager,
      operation: m.operation,
      apiVersion: m.apiVersion,
      time: m.time,
      fieldsType: 'FieldsV1' as const,
      fieldsV1: toFieldsV1(m.fields),
      ...(m.subresource ? { subresource: m.subresource } : {}),
    }));
  return entries.length ? entries : undefined;
}

export function sameManager(
  m: Manager,
  manager: string,
  operation: Manager['operation'],
  subresource?: string,
): boolean {
  return (
    m.manager === manager &&
    m.operation === operation &&
    m.subresource === subresource
  );
}

export interface RecordUpdateOptions {
  old: JsonMap | undefined;
  next: JsonMap;
  manager: string;
  subresource?: string;
  apiVersion: string;
  /** Which part of the object the write could change. */
  part: 'main' | 'status' | 'all';
  semantics: Semantics;
}

/**
 * The `managedFields` after a create, update or non-apply patch: the writer takes ownership of
 * every field whose value it changed, and the other managers lose those fields.
 */
export function recordUpdate(
  options: RecordUpdateOptions,
): ManagedFieldsEntry[] | undefined {
  const { old, next, manager, subresource, apiVersion, part, semantics } =
    options;
  const before = old ? managedPart(old, part) : {};
  const after = managedPart(next, part);
  const candidates = new Set([
    ...fieldSet(before, semantics),
    ...fieldSet(after, semantics),
  ]);
  const changed = [...candidates].filter(
    path => !deepEqual(valueAt(before, path), valueAt(after, path)),
  );
  const managers = readManagers(old?.metadata?.managedFields);
  if (changed.length === 0) {
    return writeManagers(managers);
  }
  const present = fieldSet(after, semantics);
  let own = managers.find(m => sameManager(m, manager, 'Update', subresource));
  if (!own) {
    own = {
      manager,
      operation: 'Update',
      subresource,
      apiVersion,
      time: '',
      fields: new Set(),
    };
    managers.push(own);
  }
  for (const m of managers) {
    for (const path of changed) {
      if (m === own && present.has(path)) {
        m.fields.add(path);
      } else {
        m.fields.delete(path);
      }
    }
  }
  own.apiVersion = apiVersion;
  own.time = timestamp();
  return writeManagers(managers);
}
