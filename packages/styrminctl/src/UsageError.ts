/**
 * A mistake in how styrminctl was called or configured: a missing URL, a bad config file.
 * styrminctl prints its message and exits with code 2.
 */
export class UsageError extends Error {
  name = 'UsageError' as const;
}
