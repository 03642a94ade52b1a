import { ApiException } from '@kubernetes/client-node';
import { retryTransient } from './retryTransient';

const failure = (code: number, headers: Record<string, string> = {}) =>
  new ApiException(code, `HTTP ${code}`, {}, headers);

/** A call that fails with these errors in turn, then answers 'done'. */
function failingWith(errors: Error[]) {
  const call = jest.fn(async () => {
    const next = errors.shift();
    if (next) {
      throw next;
    }
    return 'done';
  });
  return call;
}

describe('retryTransient', () => {
  it('retries 409, 429, 500 and 503 with doubling back-off until the call succeeds', async () => {
    const call = failingWith([
      failure(409),
      failure(429),
      failure(500),
      failure(503),
    ]);
    const waits: number[] = [];
    await expect(
      retryTransient(call, {
        delayMs: 1,
        onRetry: (_error, wait) => waits.push(wait),
      }),
    ).resolves.toBe('done');
    expect(call).toHaveBeenCalledTimes(5);
    expect(waits).toEqual([1, 2, 4, 8]);
  });

  it('waits at least what Retry-After asks', async () => {
    const waits: number[] = [];
    await retryTransient(failingWith([failure(429, { 'retry-after': '1' })]), {
      delayMs: 1,
      onRetry: (_error, wait) => waits.push(wait),
    });
    expect(waits).toEqual([1000]);
  });

  it('throws other failures at once, and a transient one after the last attempt', async () => {
    const forbidden = failingWith([failure(403)]);
    await expect(retryTransient(forbidden, { delayMs: 1 })).rejects.toThrow(
      'HTTP 403',
    );
    expect(forbidden).toHaveBeenCalledTimes(1);
    const notApi = failingWith([new Error('socket hang up')]);
    await expect(retryTransient(notApi, { delayMs: 1 })).rejects.toThrow(
      'socket hang up',
    );
    const always = failingWith(Array.from({ length: 9 }, () => failure(500)));
    await expect(
      retryTransient(always, { attempts: 3, delayMs: 1 }),
    ).rejects.toThrow('HTTP 500');
    expect(always).toHaveBeenCalledTimes(3);
  });
});
