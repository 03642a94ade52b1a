/**
 * A closed set of string values from the glossary, with a description of each value.
 *
 * @public
 */
export interface DomainEnum<T extends string> {
  /** The enum's name as the glossary spells it, used in error messages. */
  readonly name: string;
  /** Every value, in the order the glossary lists them. */
  readonly values: readonly T[];
  /** What each value means, as the glossary defines it. */
  readonly descriptions: Readonly<Record<T, string>>;
  /** Whether a value belongs to the enum. */
  is(value: unknown): value is T;
  /** Returns the value, or throws a TypeError that names the enum and the allowed values. */
  parse(value: unknown): T;
}

/**
 * Defines a {@link DomainEnum}; the order of `descriptions` is the order of `values`.
 *
 * @public
 */
export function defineDomainEnum<T extends string>(
  name: string,
  descriptions: Record<T, string>,
): DomainEnum<T> {
  const values = Object.freeze(Object.keys(descriptions) as T[]);
  const set = new Set<string>(values);
  const is = (value: unknown): value is T =>
    typeof value === 'string' && set.has(value);
  return Object.freeze({
    name,
    values,
    descriptions: Object.freeze({ ...descriptions }),
    is,
    parse(value: unknown): T {
      if (is(value)) {
        return value;
      }
      throw new TypeError(
        `Invalid ${name} ${JSON.stringify(
          value,
        )}; expected one of ${values.join(', ')}`,
      );
    },
  });
}
