import { isJsonObject } from '@styrmin/plugin-styrmin-common';

/**
 * Combines two JSON merge patches into one that does what applying both does: objects
 * merge key by key, and the second patch's values win, its nulls (removals) included.
 */
export function mergePatches(first: unknown, second: unknown): unknown {
  if (!isJsonObject(first) || !isJsonObject(second)) {
    return second;
  }
  const merged: Record<string, unknown> = { ...first };
  for (const [key, value] of Object.entries(second)) {
    merged[key] = Object.hasOwn(first, key)
      ? mergePatches(first[key], value)
      : value;
  }
  return merged;
}
