/**
 * A controller work queue: keys are de-duplicated, one key is never processed twice at once (a
 * key added while in flight runs again afterwards), and keys can be added after a delay. Timers
 * are tracked so that `shutDown()` leaves nothing behind.
 */
export class WorkQueue {
  readonly #queue: string[] = [];
  readonly #queued = new Set<string>();
  readonly #inFlight = new Set<string>();
  readonly #dirty = new Set<string>();
  readonly #timers = new Map<string, { timer: NodeJS.Timeout; at: number }>();
  readonly #waiters: Array<() => void> = [];
  #shutDown = false;

  private constructor() {}

  static create(): WorkQueue {
    return new WorkQueue();
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
      this.#waiters.splice(0).forEach(wake => wake());
    }
  }

  /** Adds the key after `delayMs`, unless an earlier delayed add of it is pending. */
  addAfter(key: string, delayMs: number): void {
    if (this.#shutDown) {
      return;
    }
    if (delayMs <= 0) {
      this.add(key);
      return;
    }
    const at = Date.now() + delayMs;
    const pending = this.#timers.get(key);
    if (pending) {
      if (pending.at <= at) {
        return;
      }
      clearTimeout(pending.timer);
    }
    this.#timers.set(key, {
      at,
      timer: setTimeout(() => {
        this.#timers.delete(key);
        this.add(key);
      }, delayMs),
    });
  }

  /** The next key to process; resolves undefined once the queue is shut down. */
  async take(): Promise<string | undefined> {
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

  /** Marks a key as processed; if it was added meanwhile, it goes back in the queue. */
  done(key: string): void {
    this.#inFlight.delete(key);
    if (this.#dirty.delete(key)) {
      this.add(key);
    }
  }

  shutDown(): void {
    this.#shutDown = true;
    this.#timers.forEach(({ timer }) => clearTimeout(timer));
    this.#timers.clear();
    this.#queue.length = 0;
    this.#queued.clear();
    this.#waiters.splice(0).forEach(wake => wake());
  }
}
