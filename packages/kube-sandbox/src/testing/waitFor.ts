/**
 * Polls `check` until it returns something other than undefined or false, or fails after the
 * deadline with the last error seen. Tests wait with this, never with fixed sleeps.
 */
export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  options: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  // Generous: a deadline only matters when the condition never comes, and shared machines
  // under load take seconds for what takes milliseconds alone.
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) {
        return value;
      }
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `Timed out waiting for ${options.what ?? 'a condition'}${
          lastError ? `: ${lastError}` : ''
        }`,
      );
    }
    await new Promise(resolve => setTimeout(resolve, options.intervalMs ?? 10));
  }
}
