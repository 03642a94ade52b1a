import { z } from 'zod/v4';

/**
 * A value that JSON can hold.
 *
 * @public
 */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue };

/**
 * A JSON object.
 *
 * @public
 */
export type JsonObject = { [key: string]: JsonValue };

/**
 * Whether a value is a JSON object (not an array, not null).
 *
 * @public
 */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What makes a value unfit to be JSON nested at most `maxDepth` levels, and where, if
 * anything. It walks with its own stack, so a value nested far too deep is refused rather
 * than overflowing the call stack.
 */
function jsonValueProblem(value: unknown, maxDepth: number) {
  const toVisit: Array<{ value: unknown; path: string[] }> = [
    { value, path: [] },
  ];
  for (let next = toVisit.pop(); next; next = toVisit.pop()) {
    const { value: item, path } = next;
    if (path.length >= maxDepth) {
      return { path, message: `Nests deeper than ${maxDepth} levels` };
    }
    if (Array.isArray(item) || isJsonObject(item)) {
      for (const [key, child] of Object.entries(item)) {
        toVisit.push({ value: child, path: [...path, key] });
      }
    } else if (
      !(
        item === null ||
        typeof item === 'string' ||
        typeof item === 'boolean' ||
        (typeof item === 'number' && Number.isFinite(item))
      )
    ) {
      return { path, message: 'Holds a value that JSON cannot write' };
    }
  }
  return undefined;
}

/**
 * Checks that a value is JSON nested at most `maxDepth` levels (the value itself is the
 * first) and at most `maxLength` characters long when written as JSON.
 */
export function checkJsonBounds({
  maxDepth,
  maxLength,
}: {
  maxDepth: number;
  maxLength: number;
}) {
  return (value: unknown, ctx: z.RefinementCtx) => {
    const problem = jsonValueProblem(value, maxDepth);
    if (problem) {
      ctx.addIssue({ code: 'custom', ...problem });
    } else if (JSON.stringify(value).length > maxLength) {
      ctx.addIssue({
        code: 'custom',
        message: `At most ${maxLength} characters as JSON`,
      });
    }
  };
}
