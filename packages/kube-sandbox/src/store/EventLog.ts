import { StoreEvent } from './types';

/**
 * The recent history of committed changes, a ring of fixed size like the apiserver's watch
 * cache over etcd's compacted history. Watches and consistent list continuations read from it;
 * asking for a resourceVersion older than what it holds is the caller's "410 Expired".
 */
export class EventLog {
  readonly #capacity: number;
  readonly #ring: StoreEvent[] = [];
  #start = 0;
  /** The highest resourceVersion dropped from the ring; histories after it are complete. */
  #compactedThrough = 0;

  constructor(capacity: number) {
    if (capacity < 1) {
      throw new Error(
        `The event history needs room for at least one event, not ${capacity}`,
      );
    }
    this.#capacity = capacity;
  }

  append(event: StoreEvent): void {
    if (this.#ring.length < this.#capacity) {
      this.#ring.push(event);
      return;
    }
    this.#compactedThrough = this.#ring[this.#start].resourceVersion;
    this.#ring[this.#start] = event;
    this.#start = (this.#start + 1) % this.#capacity;
  }

  /** Forgets everything held, as an etcd compaction does: older resourceVersions expire. */
  compact(currentResourceVersion: number): void {
    this.#ring.length = 0;
    this.#start = 0;
    this.#compactedThrough = currentResourceVersion;
  }

  /** The oldest resourceVersion a reader may start after. */
  get oldestResourceVersion(): number {
    return this.#compactedThrough;
  }

  /** Every event after `resourceVersion`, oldest first; undefined when part of it is gone. */
  since(resourceVersion: number): StoreEvent[] | undefined {
    if (resourceVersion < this.#compactedThrough) {
      return undefined;
    }
    const size = this.#ring.length;
    const at = (i: number) => this.#ring[(this.#start + i) % size];
    // Binary search for the first event newer than resourceVersion.
    let low = 0;
    let high = size;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (at(mid).resourceVersion <= resourceVersion) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    const result: StoreEvent[] = [];
    for (let i = low; i < size; i++) {
      result.push(at(i));
    }
    return result;
  }
}
