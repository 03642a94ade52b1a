import { Clock } from '../database/Clock';

/**
 * A clock that runs with real time and jumps ahead when a test moves it: timestamps stay
 * in order as a backend writes them, and a lease can run out without waiting for it.
 */
export class AdvancingClock implements Clock {
  #offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }

  advance(duration: { seconds: number }): void {
    this.#offsetMs += duration.seconds * 1000;
  }
}
