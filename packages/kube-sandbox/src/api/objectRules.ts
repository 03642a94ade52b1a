import { randomUUID } from 'node:crypto';
import { ResourceType } from '../resources/ResourceType';
import { KubeObject } from '../store/types';
import { deepEqual, JsonMap } from '../util/json';

/*
 * Rules about object metadata that every write shares, as the apiserver's generic registry
 * applies them.
 */

/** The metadata fields only the server sets; writes keep the stored values. */
const SERVER_FIELDS = [
  'uid',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'generation',
  'name',
  'namespace',
] as const;

export function keepServerMetadata(next: KubeObject, old: KubeObject): void {
  for (const field of SERVER_FIELDS) {
    if (old.metadata[field] === undefined) {
      delete next.metadata[field];
    } else {
      (next.metadata as Record<string, unknown>)[field] = old.metadata[field];
    }
  }
}

export function newUid(): string {
  return randomUUID();
}

const NAME_SUFFIX_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** `generateName` plus five characters, from the alphabet the apiserver uses. */
export function generatedName(prefix: string): string {
  let suffix = '';
  for (let i = 0; i < 5; i++) {
    suffix +=
      NAME_SUFFIX_ALPHABET[
        Math.floor(Math.random() * NAME_SUFFIX_ALPHABET.length)
      ];
  }
  return `${prefix.slice(0, 58)}${suffix}`;
}

/** Everything but metadata, and but status when status is its own subresource. */
function specPart(object: JsonMap, type: ResourceType): JsonMap {
  const { metadata: _m, status, apiVersion: _a, kind: _k, ...rest } = object;
  return type.status ? rest : { ...rest, status };
}

/** Whether a write changes what `generation` counts (for CRs without status: status too). */
export function changesGeneration(
  next: KubeObject,
  old: KubeObject,
  type: ResourceType,
): boolean {
  return (
    type.generation && !deepEqual(specPart(next, type), specPart(old, type))
  );
}

/** The finalizers that hold an object with a deletionTimestamp back from going away. */
export function pendingFinalizers(
  object: KubeObject,
  type: ResourceType,
): string[] {
  const finalizers = [...(object.metadata.finalizers ?? [])];
  // A Namespace also waits for its spec.finalizers (the namespace controller's `kubernetes`).
  if (type.group === '' && type.plural === 'namespaces') {
    finalizers.push(...(object.spec?.finalizers ?? []));
  }
  return finalizers;
}

/** Which part of an object a write to the main resource or a subresource may change. */
export function fieldPart(
  type: ResourceType,
  subresource: string | undefined,
): 'main' | 'status' | 'all' {
  if (subresource === 'status') {
    return 'status';
  }
  return type.status ? 'main' : 'all';
}

/** Whether two states differ in anything but the times of managedFields entries. */
export function isNoOp(next: KubeObject, old: KubeObject): boolean {
  const withoutTimes = (object: KubeObject) => ({
    ...object,
    metadata: {
      ...object.metadata,
      resourceVersion: undefined,
      managedFields: object.metadata.managedFields?.map(
        ({ time: _t, ...entry }) => entry,
      ),
    },
  });
  return deepEqual(withoutTimes(next), withoutTimes(old));
}
