import { InputError } from '@backstage/errors';

/** The largest page a connection gives. */
export const MAX_PAGE_SIZE = 100;

/** Checks a page size (`first`) from a client. */
export function pageSize(first: number): number {
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) {
    throw new InputError(
      `first must be a whole number from 1 to ${MAX_PAGE_SIZE}; got ${first}`,
    );
  }
  return first;
}

/**
 * Encodes where a page ends as an opaque cursor. Clients pass it back as `after`, and never
 * look inside.
 */
export function encodeCursor(position: unknown): string {
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
}

/** Decodes a cursor; anything that is not one of ours is refused. */
export function decodeCursor<T>(
  cursor: string,
  isPosition: (value: unknown) => value is T,
): T {
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    position = undefined;
  }
  if (!isPosition(position)) {
    throw new InputError(
      `after is not a cursor this API gave: pass a page's endCursor as it is`,
    );
  }
  return position;
}
