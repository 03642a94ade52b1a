import { DbTimestamp } from './tables';

/** Reads a timestamp that the server wrote (see {@link DbTimestamp}). */
export function fromDbTimestamp(value: DbTimestamp): Date {
  return value instanceof Date ? value : new Date(value);
}

/** Reads a nullable timestamp; null becomes undefined, as in the domain types. */
export function fromOptionalDbTimestamp(
  value: DbTimestamp | null,
): Date | undefined {
  return value === null ? undefined : fromDbTimestamp(value);
}
