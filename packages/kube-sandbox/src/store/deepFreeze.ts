/**
 * Freezes a JSON value and everything in it. The store hands the same objects to every reader
 * (watch streams, controllers, the history), so an accidental mutation must fail loudly
 * instead of changing the cluster behind the store's back.
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) {
      deepFreeze(child);
    }
  }
  return value;
}
