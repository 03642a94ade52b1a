import { KubeObject, OwnerReference } from '../../store/types';
import { clone, JsonMap } from '../../util/json';
import { findCondition } from '../conditions';

/*
 * What the workload controllers share about pods: owner references, readiness, and the
 * template hash that names ReplicaSets and revisions.
 */

export function controllerReference(owner: KubeObject): OwnerReference {
  return {
    apiVersion: owner.apiVersion!,
    kind: owner.kind!,
    name: owner.metadata.name!,
    uid: owner.metadata.uid!,
    controller: true,
    blockOwnerDeletion: true,
  };
}

export function controllerOf(object: KubeObject): OwnerReference | undefined {
  return object.metadata.ownerReferences?.find(ref => ref.controller);
}

/** Whether `object` is controlled by `owner`. */
export function isControlledBy(object: KubeObject, owner: KubeObject): boolean {
  return controllerOf(object)?.uid === owner.metadata.uid;
}

export function isPodReady(pod: KubeObject): boolean {
  return findCondition(pod.status?.conditions, 'Ready')?.status === 'True';
}

export function isPodFinished(pod: KubeObject): boolean {
  return pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
}

/** Pods that count for a controller: not finished and not being deleted. */
export function isPodActive(pod: KubeObject): boolean {
  return !pod.metadata.deletionTimestamp && !isPodFinished(pod);
}

/** A pod from a template, owned by `owner`, with extra labels. */
export function podFromTemplate(
  template: JsonMap,
  owner: KubeObject,
  metadata: {
    name?: string;
    generateName?: string;
    labels?: Record<string, string>;
  },
): KubeObject {
  const copy = clone(template);
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      ...(metadata.name
        ? { name: metadata.name }
        : { generateName: metadata.generateName }),
      labels: { ...copy.metadata?.labels, ...metadata.labels },
      ...(copy.metadata?.annotations
        ? { annotations: copy.metadata.annotations }
        : {}),
      ownerReferences: [controllerReference(owner)],
    },
    spec: copy.spec,
  };
}

const SAFE_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/**
 * A short stable hash of a pod template, in the character set of the `pod-template-hash`
 * label (FNV-1a over its JSON, as the controllers hash the template and encode it safely).
 */
export function templateHash(template: unknown): string {
  let hash = 0x811c9dc5;
  for (const char of Buffer.from(JSON.stringify(template ?? {}))) {
    hash ^= char;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  let encoded = '';
  for (
    let n = hash;
    encoded.length < 10;
    n = Math.floor(n / SAFE_ALPHABET.length)
  ) {
    encoded += SAFE_ALPHABET[n % SAFE_ALPHABET.length];
  }
  return encoded;
}
