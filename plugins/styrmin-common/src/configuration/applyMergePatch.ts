import { isJsonObject, JsonValue } from './JsonValue';
import { ownValue } from './ownValue';

/**
 * Applies a JSON merge patch (RFC 7396) to a value: a patch object merges into an object
 * key by key at every depth, a `null` in it removes the key, and anything else (text, a
 * number, a list, or an object over a non-object) replaces what was there. How a change
 * names only what it changes: a deployment's secret values never travel back to a client,
 * so no client could send the whole configuration again.
 *
 * @public
 */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isJsonObject(patch)) {
    return patch;
  }
  const base = isJsonObject(target) ? target : {};
  const keys = new Set([...Object.keys(base), ...Object.keys(patch)]);
  return Object.fromEntries(
    [...keys].flatMap(key => {
      if (!Object.hasOwn(patch, key)) {
        return [[key, base[key]]];
      }
      const value = ownValue(patch, key) as JsonValue;
      return value === null
        ? []
        : [[key, applyMergePatch(ownValue(base, key), value)]];
    }),
  );
}
