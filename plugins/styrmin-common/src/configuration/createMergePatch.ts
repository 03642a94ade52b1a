import { canonicalJson } from '../context/canonicalJson';
import { isJsonObject, JsonObject, JsonValue } from './JsonValue';

/**
 * The JSON merge patch (RFC 7396) that turns `before` into `after`, naming only what
 * differs: `applyMergePatch(before, createMergePatch(before, after))` equals `after`. A
 * key that `after` drops is `null`, an object in both is patched key by key, and anything
 * else that differs is replaced. `after` must hold no `null`, which a merge patch cannot
 * set.
 *
 * @public
 */
export function createMergePatch(
  before: JsonObject,
  after: JsonObject,
): JsonObject {
  const patch: JsonObject = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = Object.hasOwn(before, key) ? before[key] : undefined;
    const is = Object.hasOwn(after, key) ? after[key] : undefined;
    if (is === undefined) {
      patch[key] = null;
    } else if (isJsonObject(was) && isJsonObject(is)) {
      const inner = createMergePatch(was, is);
      if (Object.keys(inner).length > 0) {
        patch[key] = inner;
      }
    } else if (!sameJson(was, is)) {
      patch[key] = is;
    }
  }
  return patch;
}

function sameJson(a: JsonValue | undefined, b: JsonValue): boolean {
  return (
    a !== undefined &&
    JSON.stringify(canonicalJson(a)) === JSON.stringify(canonicalJson(b))
  );
}
