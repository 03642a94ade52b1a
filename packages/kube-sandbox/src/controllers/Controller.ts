import { WorkQueue } from '@styrmin/workqueue';
import { ApiError } from '../api/ApiError';
import { ObjectStore } from '../store/ObjectStore';
import { StoreEvent } from '../store/types';

/** What a reconcile asks for next: nothing, or another look after a delay. */
export interface ReconcileResult {
  requeueAfterMs?: number;
}

/**
 * One simulated controller: which keys a change concerns, and how to bring one key to its
 * desired state. Reconciles are level-based and idempotent, like real controllers.
 */
export interface Reconciler {
  readonly name: string;
  /** The keys a change concerns. Runs synchronously inside the store's commit: no writes here. */
  keysFor(event: StoreEvent): string[];
  /** The keys to look at when the controller starts. */
  initialKeys(): string[];
  reconcile(
    key: string,
  ): Promise<ReconcileResult | void> | ReconcileResult | void;
  /** For work that comes from outside the store (a catalog, a clock): how to ask for a key. */
  start?(enqueue: (key: string) => void): void;
}

export type ControllerErrorHandler = (
  controller: string,
  key: string,
  error: unknown,
) => void;

/** Failures in a row after which a conflict, too, backs off like any failure. */
const CONFLICTS_RETRIED_AT_ONCE = 9;

/**
 * Runs a Reconciler: store changes enqueue keys, one worker reconciles them in order, failures
 * are retried with the queue's exponential backoff (a 409 Conflict at once: the next read is
 * newer), and `stop()` ends the worker, its timers and its subscription.
 */
export class Controller {
  readonly #store: ObjectStore;
  readonly #reconciler: Reconciler;
  readonly #queue = WorkQueue.create({ baseDelayMs: 10, maxDelayMs: 5_000 });
  readonly #onError: ControllerErrorHandler;
  #unsubscribe = () => {};
  #worker: Promise<void> = Promise.resolve();

  private constructor(options: {
    store: ObjectStore;
    reconciler: Reconciler;
    onError: ControllerErrorHandler;
  }) {
    this.#store = options.store;
    this.#reconciler = options.reconciler;
    this.#onError = options.onError;
  }

  static create(options: {
    store: ObjectStore;
    reconciler: Reconciler;
    onError: ControllerErrorHandler;
  }): Controller {
    return new Controller(options);
  }

  start(): void {
    this.#unsubscribe = this.#store.subscribe(event => {
      for (const key of this.#reconciler.keysFor(event)) {
        this.#queue.add(key);
      }
    });
    this.#reconciler.initialKeys().forEach(key => this.#queue.add(key));
    this.#reconciler.start?.(key => this.#queue.add(key));
    this.#worker = this.#work();
  }

  async stop(): Promise<void> {
    this.#unsubscribe();
    this.#queue.shutDown();
    await this.#worker;
  }

  async #work(): Promise<void> {
    for (;;) {
      const key = await this.#queue.get();
      if (key === undefined) {
        return;
      }
      try {
        const result = await this.#reconciler.reconcile(key);
        this.#queue.forget(key);
        if (result?.requeueAfterMs !== undefined) {
          this.#queue.addAfter(key, result.requeueAfterMs);
        }
      } catch (error) {
        if (
          error instanceof ApiError &&
          error.code === 409 &&
          this.#queue.numRequeues(key) < CONFLICTS_RETRIED_AT_ONCE
        ) {
          // A stale read: the next attempt reads newer state.
          this.#queue.addRateLimited(key, { delayMs: 1 });
        } else {
          // A 404 is a concurrent delete, expected; anything else is worth a word.
          if (!(error instanceof ApiError && error.code === 404)) {
            this.#onError(this.#reconciler.name, key, error);
          }
          this.#queue.addRateLimited(key);
        }
      } finally {
        this.#queue.done(key);
      }
    }
  }
}
