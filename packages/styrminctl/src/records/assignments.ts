import { UsageError } from '../UsageError';

/** Collects a repeated option's values, for commander. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** `key=value` as [key, value]; the value may itself hold `=`. */
export function splitAssignment(
  option: string,
  text: string,
): [key: string, value: string] {
  const at = text.indexOf('=');
  if (at <= 0) {
    throw new UsageError(`${option} takes key=value; got "${text}"`);
  }
  return [text.slice(0, at), text.slice(at + 1)];
}

/** `{ a: { b: value } }` for the dotted key `a.b`. */
export function nestedValue(
  key: string,
  value: unknown,
): Record<string, unknown> {
  return key
    .split('.')
    .reverse()
    .reduce<unknown>((inner, part) => ({ [part]: inner }), value) as Record<
    string,
    unknown
  >;
}
