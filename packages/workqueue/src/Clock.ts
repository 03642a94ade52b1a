/**
 * The time a work queue reads and the timers it sets: the process's by default, a fake one in
 * tests, so that delays are proven without waiting for them.
 *
 * @public
 */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(timer: unknown): void;
}

/**
 * The process's clock. It looks the globals up at each call, so that jest's fake timers, installed
 * after this module loads, still apply.
 *
 * @public
 */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
  clearTimeout: timer => clearTimeout(timer as NodeJS.Timeout),
};
