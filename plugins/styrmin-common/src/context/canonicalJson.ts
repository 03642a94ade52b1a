import { isJsonObject } from '../configuration/JsonValue';

/**
 * A copy of a JSON-like value with the keys of every object sorted and `undefined` entries
 * left out, so that equal values are byte-identical once written as JSON, whatever order
 * their parts were built or stored in (PostgreSQL's jsonb, for one, reorders keys).
 *
 * @public
 */
export function canonicalJson<T>(value: T): T {
  if (Array.isArray(value)) {
    return value.map(canonicalJson) as T;
  }
  if (isJsonObject(value)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter(key => value[key] !== undefined)
        .map(key => [key, canonicalJson(value[key])]),
    ) as T;
  }
  return value;
}
