import { StyrminResolvers } from './types';

/**
 * Merges the resolvers of several areas (server, drivers, ...) into one map. Two areas that
 * resolve the same field are a programming error, so it fails the plugin's start.
 *
 * @internal
 */
export function mergeResolvers(...areas: StyrminResolvers[]): StyrminResolvers {
  const merged: StyrminResolvers = {};
  for (const area of areas) {
    for (const [typeName, fields] of Object.entries(area)) {
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
  return merged;
}
