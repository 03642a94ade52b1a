import { ApiException } from '@kubernetes/client-node';
import { sleep } from './sleep';

/**
 * The apiserver's answers that a same request may get right a moment later: a conflict
 * with a concurrent writer, throttling, and its own or its proxy's failures.
 */
const TRANSIENT_CODES = new Set([409, 429, 500, 502, 503, 504]);

/** The longest wait between attempts, whatever Retry-After asks. */
const MAX_DELAY_MS = 10_000;

/**
 * Calls an idempotent Kubernetes request (a forced server-side apply) again when the
 * apiserver answers a transient failure, with back-off that doubles from `delayMs` and at
 * least the seconds of a `Retry-After`; other failures, and the last attempt's, are thrown.
 */
export async function retryTransient<T>(
  call: () => Promise<T>,
  options: {
    attempts?: number;
    delayMs?: number;
    onRetry?: (error: ApiException<unknown>, delayMs: number) => void;
  } = {},
): Promise<T> {
  const attempts = options.attempts ?? 8;
  let delay = options.delayMs ?? 200;
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (
        attempt >= attempts ||
        !(error instanceof ApiException) ||
        !TRANSIENT_CODES.has(error.code)
      ) {
        throw error;
      }
      const retryAfter = Number(error.headers?.['retry-after']);
      const wait = Math.min(
        MAX_DELAY_MS,
        Math.max(delay, Number.isFinite(retryAfter) ? retryAfter * 1000 : 0),
      );
      options.onRetry?.(error, wait);
      await sleep(wait);
      delay *= 2;
    }
  }
}
