import { Informer, KubernetesObject } from '@kubernetes/client-node';
import { Logger } from '../logging/Logger';
import { describeError } from '../logging/describeError';
import { Reconciler } from './Reconciler';
import { TerminalError } from './TerminalError';
import { WorkQueue } from '@styrmin/workqueue';

/**
 * One watched kind: an informer, and the keys to reconcile when one of its objects changes.
 * For the primary kind that is the object's own `namespace/name`; for an owned kind, its
 * owner's. Handlers only enqueue: the reconcile reads what it needs.
 *
 * @public
 */
export interface ControllerSource {
  /** The kind, for logs. */
  kind: string;
  informer: Informer<KubernetesObject>;
  keysFor(object: KubernetesObject): string[];
}

/** @public */
export interface ControllerOptions {
  /** The controller's name, for logs (`styrmindeployment`). */
  name: string;
  sources: ControllerSource[];
  reconciler: Reconciler;
  logger: Logger;
  /** How many keys are reconciled at once; one key never twice at once. Default 1. */
  workers?: number;
  queue?: WorkQueue;
  /** The first delay before an informer that failed starts again; it doubles up to 30 s. */
  restartDelayMs?: number;
}

const MAX_RESTART_DELAY_MS = 30_000;

/**
 * Runs a Reconciler the controller-runtime way: informers feed a work queue, and after every
 * informer has listed once (so reconciles see a full cache), N workers reconcile keys.
 * A result's `requeueAfterMs` adds the key again after that delay; an error retries it with
 * the queue's backoff (an error wins over a requeue); a TerminalError is logged and dropped;
 * a success resets the backoff. Informers relist by themselves after a 410 Expired; one that
 * stops on any other error is started again with backoff.
 *
 * @public
 */
export class Controller {
  readonly #options: Required<Omit<ControllerOptions, 'queue'>>;
  readonly #queue: WorkQueue;
  readonly #logger: Logger;
  /** Pending waits, ended early by `stop()`. */
  readonly #sleeps = new Map<NodeJS.Timeout, () => void>();
  #workers: Promise<void>[] = [];
  #stopped = false;

  private constructor(options: ControllerOptions) {
    this.#options = {
      ...options,
      workers: options.workers ?? 1,
      restartDelayMs: options.restartDelayMs ?? 1000,
    };
    this.#queue = options.queue ?? WorkQueue.create();
    this.#logger = options.logger.child({ controller: options.name });
  }

  static create(options: ControllerOptions): Controller {
    return new Controller(options);
  }

  /** Starts the informers, waits until each has listed once, then starts the workers. */
  async start(): Promise<void> {
    await Promise.all(this.#options.sources.map(source => this.#watch(source)));
    if (this.#stopped) {
      return;
    }
    this.#logger.info('Starting workers', {
      workers: this.#options.workers,
    });
    this.#workers = Array.from({ length: this.#options.workers }, () =>
      this.#work(),
    );
  }

  /** Stops the informers and the queue, and waits for the running reconciles to end. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#sleeps.forEach((wake, timer) => {
      clearTimeout(timer);
      wake();
    });
    this.#sleeps.clear();
    this.#queue.shutDown();
    await Promise.all(
      this.#options.sources.map(source => source.informer.stop()),
    );
    await Promise.all(this.#workers);
  }

  async #watch(source: ControllerSource): Promise<void> {
    const { informer } = source;
    const enqueue = (object: KubernetesObject) =>
      source.keysFor(object).forEach(key => this.#queue.add(key));
    informer.on('add', enqueue);
    informer.on('update', enqueue);
    informer.on('delete', enqueue);
    let starting = false;
    let startError: unknown;
    let failures = 0;
    const startUntilListed = async (): Promise<void> => {
      while (!this.#stopped) {
        starting = true;
        startError = undefined;
        await informer.start();
        starting = false;
        if (startError === undefined || this.#stopped) {
          failures = 0;
          return;
        }
        this.#logger.error('Failed to list', {
          kind: source.kind,
          error: describeError(startError),
        });
        await this.#sleep(this.#restartDelay(failures++));
      }
    };
    // client-node reports an error even for its own stop: only a running informer restarts.
    informer.on('error', (error: unknown) => {
      if (this.#stopped) {
        return;
      }
      if (starting) {
        startError = error;
        return;
      }
      this.#logger.error('Watch failed', {
        kind: source.kind,
        error: describeError(error),
      });
      this.#sleep(this.#restartDelay(failures++)).then(startUntilListed);
    });
    await startUntilListed();
  }

  #restartDelay(failures: number): number {
    return Math.min(
      MAX_RESTART_DELAY_MS,
      this.#options.restartDelayMs * 2 ** failures,
    );
  }

  /** Waits, unless the controller stops first. */
  #sleep(ms: number): Promise<void> {
    return new Promise(resolve => {
      const timer = setTimeout(() => {
        this.#sleeps.delete(timer);
        resolve();
      }, ms);
      this.#sleeps.set(timer, resolve);
    });
  }

  async #work(): Promise<void> {
    for (;;) {
      const key = await this.#queue.get();
      if (key === undefined) {
        return;
      }
      try {
        const result = await this.#options.reconciler.reconcile(key);
        this.#queue.forget(key);
        if (result.requeueAfterMs !== undefined) {
          this.#queue.addAfter(key, result.requeueAfterMs);
        }
      } catch (error) {
        const terminal = error instanceof TerminalError;
        if (terminal) {
          this.#queue.forget(key);
        } else {
          this.#queue.addRateLimited(key);
        }
        this.#logger.error('Reconciler error', {
          key,
          terminal,
          error: describeError(error),
        });
      } finally {
        this.#queue.done(key);
      }
    }
  }
}
