import { KubeObject } from '../../../store/types';
import { clone, deepEqual, JsonMap } from '../../../util/json';

/*
 * helm-controller's drift detection (`spec.driftDetection`): what a release's objects would be
 * after helm-controller applied them again (a server-side apply dry run) is compared with what
 * the cluster holds; `ignore` rules take JSON pointers out of both, for the objects they target.
 */

export type DriftMode = 'enabled' | 'warn' | 'disabled';

export function driftMode(release: KubeObject): DriftMode {
  const mode = release.spec?.driftDetection?.mode;
  return mode === 'enabled' || mode === 'warn' ? mode : 'disabled';
}

interface IgnoreRule {
  paths?: string[];
  target?: JsonMap;
}

function targets(rule: IgnoreRule, object: KubeObject): boolean {
  const target = rule.target;
  if (!target) {
    return true;
  }
  const [group, version] = (object.apiVersion ?? '').includes('/')
    ? object.apiVersion!.split('/')
    : ['', object.apiVersion];
  return (
    (target.group === undefined || target.group === group) &&
    (target.version === undefined || target.version === version) &&
    (target.kind === undefined || target.kind === object.kind) &&
    (target.name === undefined || target.name === object.metadata.name) &&
    (target.namespace === undefined ||
      target.namespace === object.metadata.namespace)
  );
}

/** Removes the value a JSON pointer (RFC 6901) names, if it is there. */
function removePointer(object: JsonMap, pointer: string): void {
  const parts = pointer
    .split('/')
    .slice(1)
    .map(p => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let at: any = object;
  for (const part of parts.slice(0, -1)) {
    at = at?.[part];
  }
  const last = parts[parts.length - 1];
  if (Array.isArray(at)) {
    at.splice(Number(last), 1);
  } else if (at && typeof at === 'object') {
    delete at[last];
  }
}

/** A copy of an object without the fields the release's ignore rules name for it. */
export function withoutIgnored(
  release: KubeObject,
  object: KubeObject,
): KubeObject {
  const copy = clone(object);
  for (const rule of (release.spec?.driftDetection?.ignore ??
    []) as IgnoreRule[]) {
    if (targets(rule, object)) {
      (rule.paths ?? []).forEach(pointer => removePointer(copy, pointer));
    }
  }
  return copy;
}

/** What a comparison looks at: everything but the bookkeeping a write moves. */
function comparable(release: KubeObject, object: KubeObject): KubeObject {
  const copy = withoutIgnored(release, object);
  const { managedFields, resourceVersion, generation, ...metadata } =
    copy.metadata;
  return { ...copy, metadata };
}

/** Whether the live object differs from what applying the release's object would make of it. */
export function hasDrifted(
  release: KubeObject,
  live: KubeObject,
  reapplied: KubeObject,
): boolean {
  return !deepEqual(comparable(release, live), comparable(release, reapplied));
}

/** `Deployment/<namespace>/<name>`, as helm-controller names objects in drift events. */
export function driftSubject(object: KubeObject): string {
  return [object.kind, object.metadata.namespace, object.metadata.name]
    .filter(Boolean)
    .join('/');
}
