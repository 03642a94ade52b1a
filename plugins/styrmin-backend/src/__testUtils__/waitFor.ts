/**
 * Polls `check` until it returns something other than undefined or false, and returns it;
 * fails after `timeoutMs`. For effects that happen in the background (a worker's run), so
 * that tests wait exactly as long as needed instead of sleeping.
 */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  options: { timeoutMs?: number; description?: string } = {},
): Promise<T> {
  const { timeoutMs = 10_000, description = 'the condition' } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for ${description}`,
      );
    }
    await new Promise(resolve => setTimeout(resolve, 5));
  }
}
