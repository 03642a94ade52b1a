/**
 * Where the stores get the time they write: timestamps and lease expiries. The server's
 * clock, not the database's, so that both engines compare the same values and tests can
 * move time instead of waiting. Replicas must keep their clocks well within a lease of each
 * other (NTP does).
 *
 * @internal
 */
export interface Clock {
  now(): Date;
}

/** The system clock. @internal */
export const systemClock: Clock = { now: () => new Date() };
