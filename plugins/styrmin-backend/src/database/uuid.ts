const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether an id can name a record: every id is a UUID, and PostgreSQL refuses to compare a
 * uuid column with anything else, so an id from a client that is not one names nothing.
 */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

/** The ids that can name a record (see {@link isUuid}). */
export function onlyUuids(ids: readonly string[]): string[] {
  return ids.filter(isUuid);
}
