import { Clock, systemClock } from './Clock';

/** @public */
export interface WorkQueueOptions {
  /** The first retry delay after a failure; each further failure doubles it. Default 5 ms. */
  baseDelayMs?: number;
  /** The longest retry delay. Default 5 minutes. */
  maxDelayMs?: number;
  /** Default: the process's clock. */
  clock?: Clock;
}

/** @public */
export interface WorkQueueAddRateLimitedOptions {
  /**
   * Adds the key after this delay instead of its back-off, still counting the failure: for a
   * failure that the next attempt is expected to clear (a conflict on a stale read).
   */
  delayMs?: number;
}

/**
 * The controller work queue, as client-go's rate-limited delaying queue behaves:
 * - a key waits at most once: adding a queued key changes nothing (de-duplication);
 * - a key is never handed out twice at once: a key added while in flight is queued again
 *   when its worker calls `done`;
 * - `addAfter` adds once the delay has passed, keeping the earliest of pending delays;
 * - `addRateLimited` adds after an exponential back-off that grows with each failure of the
 *   key, until `forget` (a success) resets it;
 * - `shutDown` wakes every waiting `get`, which resolves undefined, and clears the timers, so
 *   that nothing is left behind.
 *
 * @public
 */
export class WorkQueue {
  readonly #baseDelayMs: number;
  readonly #maxDelayMs: number;
  readonly #clock: Clock;
  readonly #queue: string[] = [];
  readonly #queued = new Set<string>();
  readonly #inFlight = new Set<string>();
  /** Keys added while in flight: they go back in the queue at `done`. */
  readonly #dirty = new Set<string>();
  readonly #delayed = new Map<string, { at: number; timer: unknown }>();
  readonly #failures = new Map<string, number>();
  readonly #waiters: Array<() => void> = [];
  #shutDown = false;

  private constructor(options: WorkQueueOptions) {
    this.#baseDelayMs = options.baseDelayMs ?? 5;
    this.#maxDelayMs = options.maxDelayMs ?? 300_000;
    this.#clock = options.clock ?? systemClock;
  }

  static create(options: WorkQueueOptions = {}): WorkQueue {
    return new WorkQueue(options);
  }

  /** How many keys wait to be handed out. */
  get length(): number {
    return this.#queue.length;
  }

  add(key: string): void {
    if (this.#shutDown) {
      return;
    }
    if (this.#inFlight.has(key)) {
      this.#dirty.add(key);
      return;
    }
    if (!this.#queued.has(key)) {
      this.#queued.add(key);
      this.#queue.push(key);
      // One key, one worker: a woken `get` that finds the key taken waits again.
      this.#waiters.shift()?.();
    }
  }

  /** Adds the key after `delayMs`; an earlier pending add of it wins. */
  addAfter(key: string, delayMs: number): void {
    if (this.#shutDown) {
      return;
    }
    if (delayMs <= 0) {
      this.add(key);
      return;
    }
    const at = this.#clock.now() + delayMs;
    const pending = this.#delayed.get(key);
    if (pending && pending.at <= at) {
      return;
    }
    if (pending) {
      this.#clock.clearTimeout(pending.timer);
    }
    const timer = this.#clock.setTimeout(() => {
      this.#delayed.delete(key);
      this.add(key);
    }, delayMs);
    this.#delayed.set(key, { at, timer });
  }

  /**
   * Counts a failure of the key and adds it after its back-off: base × 2^(failures before
   * this one), up to the maximum.
   */
  addRateLimited(
    key: string,
    options: WorkQueueAddRateLimitedOptions = {},
  ): void {
    const failures = this.#failures.get(key) ?? 0;
    this.#failures.set(key, failures + 1);
    this.addAfter(
      key,
      options.delayMs ??
        Math.min(this.#maxDelayMs, this.#baseDelayMs * 2 ** failures),
    );
  }

  /** Resets the key's back-off: it succeeded. */
  forget(key: string): void {
    this.#failures.delete(key);
  }

  /** How many times the key failed since it was last forgotten. */
  numRequeues(key: string): number {
    return this.#failures.get(key) ?? 0;
  }

  /** The next key to process, once there is one; undefined once the queue is shut down. */
  async get(): Promise<string | undefined> {
    while (!this.#shutDown) {
      const key = this.#queue.shift();
      if (key !== undefined) {
        this.#queued.delete(key);
        this.#inFlight.add(key);
        return key;
      }
      await new Promise<void>(resolve => this.#waiters.push(resolve));
    }
    return undefined;
  }

  /** Marks a key as processed; if it was added meanwhile, it is queued again. */
  done(key: string): void {
    this.#inFlight.delete(key);
    if (this.#dirty.delete(key)) {
      this.add(key);
    }
  }

  /** Stops handing out keys: every waiting `get` resolves undefined, timers are cleared. */
  shutDown(): void {
    this.#shutDown = true;
    this.#delayed.forEach(({ timer }) => this.#clock.clearTimeout(timer));
    this.#delayed.clear();
    this.#queue.length = 0;
    this.#queued.clear();
    this.#waiters.splice(0).forEach(wake => wake());
  }
}
