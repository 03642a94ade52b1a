/**
 * The value that a record holds under a key itself, never one it inherits: names from
 * users and drivers (`constructor`, `toString`, `__proto__`) are keys like any other.
 */
export function ownValue<T>(
  record: Readonly<Record<string, T>>,
  key: string,
): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
