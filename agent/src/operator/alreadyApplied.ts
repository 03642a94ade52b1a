import { KubernetesObject } from '@kubernetes/client-node';
import { createHash } from 'node:crypto';

/**
 * The annotation with the digest of what the operator last applied to an object: an object
 * that shows every field the operator states may still hold one it stopped stating, which
 * an apply would remove; a digest that differs tells.
 */
export const APPLIED_DIGEST_ANNOTATION = 'styrmin.io/applied-digest';

/** The object the operator applies: `object` with the digest of its own content. */
export function withAppliedDigest<T extends KubernetesObject>(object: T): T {
  const { [APPLIED_DIGEST_ANNOTATION]: _, ...annotations } =
    object.metadata?.annotations ?? {};
  const digest = createHash('sha256')
    .update(
      JSON.stringify({
        ...object,
        metadata: { ...object.metadata, annotations },
      }),
    )
    .digest('base64url');
  return {
    ...object,
    metadata: {
      ...object.metadata,
      annotations: { ...annotations, [APPLIED_DIGEST_ANNOTATION]: digest },
    },
  };
}

/**
 * Whether a server-side apply of `desired` (with its digest) would change nothing in
 * `cached`: every field it states has that value there (fields the server or others add
 * do not count), and its digest is the one the last apply wrote. Then the apply is left out:
 * a reconcile that finds nothing to change sends no request. A field changed by hand, or a
 * deleted object (nothing cached), is applied again.
 */
export function alreadyApplied(
  desired: KubernetesObject,
  cached: KubernetesObject | undefined,
): boolean {
  return cached !== undefined && states(desired, cached);
}

/** Whether `actual` has every field of `wanted` with its value (lists item by item). */
function states(wanted: unknown, actual: unknown): boolean {
  if (Array.isArray(wanted)) {
    return (
      Array.isArray(actual) &&
      actual.length === wanted.length &&
      wanted.every((item, i) => states(item, actual[i]))
    );
  }
  if (wanted !== null && typeof wanted === 'object') {
    return (
      actual !== null &&
      typeof actual === 'object' &&
      !Array.isArray(actual) &&
      Object.entries(wanted).every(
        ([key, value]) =>
          value === undefined ||
          states(value, (actual as Record<string, unknown>)[key]),
      )
    );
  }
  return wanted === actual;
}
