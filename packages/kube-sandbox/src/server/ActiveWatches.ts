import { ApiError } from '../api/ApiError';

/** An open watch stream as the server holds it. */
export interface ActiveWatch {
  /** `<group>/<plural>` of the watched resource. */
  resourceKey: string;
  namespace?: string;
  /** Resets the connection, as a broken network or a load balancer would. */
  reset(): void;
  /** Sends an ERROR event with this Status, then ends the stream. */
  fail(status: ApiError['status']): void;
  /** Ends the stream cleanly (server shutdown, timeoutSeconds). */
  end(): void;
}

/** Which watches a fault or a shutdown applies to; absent fields match everything. */
export interface WatchSelector {
  /** The resource's plural (`configmaps`). */
  resource?: string;
  namespace?: string;
}

/** The watch streams open right now, so faults and shutdown can reach them. */
export class ActiveWatches {
  readonly #watches = new Set<ActiveWatch>();

  add(watch: ActiveWatch): () => void {
    this.#watches.add(watch);
    return () => this.#watches.delete(watch);
  }

  get size(): number {
    return this.#watches.size;
  }

  select(selector: WatchSelector = {}): ActiveWatch[] {
    return [...this.#watches].filter(
      w =>
        (selector.resource === undefined ||
          w.resourceKey.endsWith(`/${selector.resource}`)) &&
        (selector.namespace === undefined ||
          w.namespace === selector.namespace),
    );
  }
}
