import { Clock } from '../Clock';

/** A clock that moves only when told: timers fire, in order, as `advance` passes them. */
export class FakeClock implements Clock {
  #now = 0;
  #nextId = 0;
  readonly #timers = new Map<number, { at: number; callback: () => void }>();

  now(): number {
    return this.#now;
  }

  setTimeout(callback: () => void, delayMs: number): unknown {
    const id = this.#nextId++;
    this.#timers.set(id, { at: this.#now + delayMs, callback });
    return id;
  }

  clearTimeout(timer: unknown): void {
    this.#timers.delete(timer as number);
  }

  /** How many timers are pending. */
  get pending(): number {
    return this.#timers.size;
  }

  advance(ms: number): void {
    const until = this.#now + ms;
    for (;;) {
      const due = [...this.#timers.entries()]
        .filter(([, timer]) => timer.at <= until)
        .sort(([a, x], [b, y]) => x.at - y.at || a - b)[0];
      if (!due) {
        break;
      }
      const [id, timer] = due;
      this.#timers.delete(id);
      this.#now = timer.at;
      timer.callback();
    }
    this.#now = until;
  }
}
