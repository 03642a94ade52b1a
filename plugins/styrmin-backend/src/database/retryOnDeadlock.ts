/** PostgreSQL's codes for a transaction that lost a deadlock or a serialization race. */
const RETRYABLE_CODES = new Set(['40P01', '40001']);

/**
 * Runs a transaction again when PostgreSQL aborted it as a deadlock victim (or for a
 * serialization failure): the transaction rolled back whole, so running it again is safe.
 * Transactions take their locks in the same order where they can; this covers the few
 * orders that differ (the lease sweep, a change redeploying siblings).
 *
 * @internal
 */
export async function retryOnDeadlock<T>(
  transaction: () => Promise<T>,
  options: { attempts?: number } = {},
): Promise<T> {
  const { attempts = 4 } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) {
        throw error;
      }
      // A little jitter, so that the two sides do not meet again at once.
      await new Promise(resolve =>
        setTimeout(resolve, Math.floor(Math.random() * 20 * attempt)),
      );
    }
  }
}

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}
