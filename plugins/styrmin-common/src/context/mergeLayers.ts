import { isJsonObject } from '../configuration/JsonValue';
import { ownValue } from '../configuration/ownValue';

type Layer = Readonly<Record<string, unknown>>;

/**
 * Merges layers of configuration, lowest precedence first: objects merge key by key at
 * every depth, anything else (text, numbers, lists) in a higher layer replaces what is
 * below, and an `undefined` value sets nothing. Only a layer's own keys count and the
 * objects are built with `Object.fromEntries`, so that a name such as `constructor` or
 * `__proto__` in user input stays a plain key.
 */
export function mergeLayers(...layers: Layer[]): Record<string, unknown> {
  const keys = new Set(layers.flatMap(layer => Object.keys(layer)));
  return Object.fromEntries(
    [...keys].map(key => [
      key,
      layers
        .map(layer => ownValue(layer, key))
        .reduce((below, value) => {
          if (value === undefined) {
            return below;
          }
          return isJsonObject(below) && isJsonObject(value)
            ? mergeLayers(below, value)
            : value;
        }, undefined),
    ]),
  );
}
