/** Helpers for plain JSON values (what the API reads and writes). */

export type JsonMap = Record<string, any>;

export function isPlainObject(value: unknown): value is JsonMap {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) {
    return true;
  }
  if (Array.isArray(a)) {
    return (
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, i) => deepEqual(item, b[i]))
    );
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keysA = Object.keys(a).filter(key => a[key] !== undefined);
    const keysB = Object.keys(b).filter(key => b[key] !== undefined);
    return (
      keysA.length === keysB.length &&
      keysA.every(key => deepEqual(a[key], b[key]))
    );
  }
  return false;
}

/** A mutable deep copy (stored objects are frozen). */
export function clone<T>(value: T): T {
  return structuredClone(value);
}

/** RFC 3339 with seconds, as the apiserver writes timestamps. */
export function timestamp(date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
