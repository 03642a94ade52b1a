import { Clock } from '../database/Clock';

/** A clock that moves only when a test moves it. */
export class ManualClock implements Clock {
  #now: number;

  constructor(start = new Date('2026-12-01T12:00:00.000Z')) {
    this.#now = start.getTime();
  }

  now(): Date {
    return new Date(this.#now);
  }

  advance(duration: { seconds: number }): void {
    this.#now += duration.seconds * 1000;
  }
}
