import { ResourceType } from '../resources/ResourceType';
import { KubeObject } from '../store/types';
import { clone, timestamp } from '../util/json';
import { ApiError } from './ApiError';
import { pendingFinalizers } from './objectRules';
import { DeleteOptions } from './types';

/** What a delete request does: remove the object now, or mark it and wait (finalizers, grace). */
export type DeletionPlan =
  | { action: 'remove' }
  | { action: 'mark'; next: KubeObject };

function isPod(type: ResourceType): boolean {
  return type.group === '' && type.plural === 'pods';
}

/** Pods with a grace period wait for the kubelet to confirm the end, not only for finalizers. */
export function waitsForGrace(type: ResourceType, object: KubeObject): boolean {
  return isPod(type) && (object.metadata.deletionGracePeriodSeconds ?? 0) > 0;
}

/**
 * Plans a delete as the apiserver's generic registry does: preconditions (409), the garbage
 * collector's finalizers for the propagation policy, a grace period for running Pods, then
 * either removal or a deletionTimestamp (with generation bumped, and a Namespace Terminating).
 */
export function planDeletion(
  type: ResourceType,
  old: KubeObject,
  options: DeleteOptions,
): DeletionPlan {
  const name = old.metadata.name!;
  const { uid, resourceVersion } = options.preconditions ?? {};
  if (uid && uid !== old.metadata.uid) {
    throw ApiError.conflict(
      type,
      name,
      `Precondition failed: UID in precondition: ${uid}, UID in object meta: ${old.metadata.uid}`,
    );
  }
  if (resourceVersion && resourceVersion !== old.metadata.resourceVersion) {
    throw ApiError.conflict(
      type,
      name,
      `Precondition failed: ResourceVersion in precondition: ${resourceVersion}, ResourceVersion in object meta: ${old.metadata.resourceVersion}`,
    );
  }
  const next = clone(old);
  const finalizers = gcFinalizers(type, old, options);
  if (finalizers.length) {
    next.metadata.finalizers = finalizers;
  } else {
    delete next.metadata.finalizers;
  }
  const graceSeconds = gracePeriod(type, old, options);
  if (pendingFinalizers(next, type).length === 0 && graceSeconds === 0) {
    return { action: 'remove' };
  }
  const alreadyDeleting = Boolean(old.metadata.deletionTimestamp);
  if (
    !alreadyDeleting ||
    (graceSeconds > 0 &&
      graceSeconds !== old.metadata.deletionGracePeriodSeconds)
  ) {
    next.metadata.deletionTimestamp = timestamp(
      new Date(Date.now() + graceSeconds * 1000),
    );
    next.metadata.deletionGracePeriodSeconds = graceSeconds;
    if (type.generation && !alreadyDeleting) {
      next.metadata.generation = (old.metadata.generation ?? 0) + 1;
    }
  }
  if (type.group === '' && type.plural === 'namespaces') {
    next.status = { ...next.status, phase: 'Terminating' };
  }
  return { action: 'mark', next };
}

/** Only a running Pod on a node ends gracefully: the kubelet confirms with a second delete. */
function gracePeriod(
  type: ResourceType,
  old: KubeObject,
  options: DeleteOptions,
): number {
  if (
    !isPod(type) ||
    !old.spec?.nodeName ||
    ['Succeeded', 'Failed'].includes(old.status?.phase)
  ) {
    return 0;
  }
  const requested =
    options.gracePeriodSeconds ?? old.spec?.terminationGracePeriodSeconds ?? 30;
  const current = old.metadata.deletionGracePeriodSeconds;
  return current !== undefined ? Math.min(current, requested) : requested;
}

/**
 * The finalizers after a delete request, with the garbage collector's `orphan` or
 * `foregroundDeletion` as the request's policy, an existing one of them, or the type's default
 * asks (the apiserver's deletionFinalizersForGarbageCollection).
 */
function gcFinalizers(
  type: ResourceType,
  old: KubeObject,
  options: DeleteOptions,
): string[] {
  const current = old.metadata.finalizers ?? [];
  let policy: DeleteOptions['propagationPolicy'];
  if (options.orphanDependents !== undefined) {
    policy = options.orphanDependents ? 'Orphan' : 'Background';
  } else if (options.propagationPolicy) {
    policy = options.propagationPolicy;
  } else if (current.includes('orphan')) {
    policy = 'Orphan';
  } else if (current.includes('foregroundDeletion')) {
    policy = 'Foreground';
  } else {
    policy = type.defaultPropagation;
  }
  const kept = current.filter(
    f => f !== 'orphan' && f !== 'foregroundDeletion',
  );
  if (policy === 'Orphan') {
    kept.push('orphan');
  } else if (policy === 'Foreground') {
    kept.push('foregroundDeletion');
  }
  return kept;
}
