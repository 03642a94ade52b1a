import { StyrminResolvers } from './types';

/**
 * Merges the resolvers of several areas (server, drivers, ...) into one map. Two areas that
 * resolve the same field are a programming error, so it fails the plugin's start.
 *
 * @internal
 */
export function mergeResolvers(...areas: StyrminResolvers[]): StyrminResolvers {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const area of areas) {
    for (const [typeName, fields] of Object.entries(
      area as Record<string, Record<string, unknown>>,
    )) {
      merged[typeName] ??= {};
      for (const [fieldName, resolve] of Object.entries(fields)) {
        if (merged[typeName][fieldName]) {
          throw new Error(
            `Two resolvers are given for ${typeName}.${fieldName}`,
          );
        }
        merged[typeName][fieldName] = resolve;
      }
    }
  }
  return merged as StyrminResolvers;
}
