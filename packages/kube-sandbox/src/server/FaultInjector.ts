import { ApiError } from '../api/ApiError';
import { qualifiedResource } from '../resources/ResourceType';
import { ObjectStore } from '../store/ObjectStore';
import { ActiveWatches, WatchSelector } from './ActiveWatches';

export type Verb =
  | 'get'
  | 'list'
  | 'watch'
  | 'create'
  | 'update'
  | 'patch'
  | 'delete'
  | 'deletecollection';

/** Which requests a fault applies to; absent fields match everything. */
export interface FaultMatch {
  verb?: Verb | Verb[];
  /** The resource's plural, with `/<subresource>` for a subresource (`deployments/scale`). */
  resource?: string;
  namespace?: string;
  name?: string;
}

export interface FaultRule extends FaultMatch {
  /** How many requests it hits; default 1, `Infinity` until removed. */
  times?: number;
  /** Answer with a failure Status with this code instead of serving the request. */
  status?: number;
  message?: string;
  /**
   * With `status`, the seconds a client should wait: the Status's `details.retryAfterSeconds`
   * and a `Retry-After` header, as the apiserver sends with 429 Too Many Requests.
   */
  retryAfterSeconds?: number;
  /** Wait this long before serving (or failing) the request. */
  delayMs?: number;
}

/** What the server asks about each request. */
export interface RequestFacts {
  verb: Verb;
  group: string;
  plural: string;
  subresource?: string;
  namespace?: string;
  name?: string;
}

interface ActiveRule extends FaultRule {
  remaining: number;
}

/**
 * Fault injection for tests: failures and delays for matching requests, forced conflicts,
 * dropped or expired watch streams, and a compaction that makes old resourceVersions expire.
 * Faults apply to HTTP clients only; the simulated controllers are not disturbed.
 */
export class FaultInjector {
  readonly #rules: ActiveRule[] = [];
  readonly #watches: ActiveWatches;
  readonly #store: ObjectStore;

  private constructor(options: { watches: ActiveWatches; store: ObjectStore }) {
    this.#watches = options.watches;
    this.#store = options.store;
  }

  static create(options: {
    watches: ActiveWatches;
    store: ObjectStore;
  }): FaultInjector {
    return new FaultInjector(options);
  }

  /** Adds a rule; the returned function removes it. */
  inject(rule: FaultRule): () => void {
    const active = { ...rule, remaining: rule.times ?? 1 };
    this.#rules.push(active);
    return () => this.#remove(active);
  }

  /** The next matching writes fail with 409 Conflict, as a concurrent writer would cause. */
  conflictOnWrite(match: Omit<FaultMatch, 'verb'> = {}, times = 1): () => void {
    return this.inject({
      ...match,
      verb: ['update', 'patch'],
      times,
      status: 409,
    });
  }

  /**
   * Ends matching open watch streams: cleanly by default, as the apiserver ends a watch at its
   * timeout (clients re-watch), or with a connection reset when `reset` is set (client-node's
   * informers treat that as an error and stop). Returns how many streams it ended.
   */
  dropWatches(selector: WatchSelector & { reset?: boolean } = {}): number {
    const watches = this.#watches.select(selector);
    watches.forEach(w => (selector.reset ? w.reset() : w.end()));
    return watches.length;
  }

  /** Sends ERROR 410 Expired to matching open watch streams and ends them. */
  expireWatches(selector: WatchSelector = {}): number {
    const watches = this.#watches.select(selector);
    const status = ApiError.expired(
      `too old resource version: 0 (${this.#store.resourceVersion})`,
    ).status;
    watches.forEach(w => w.fail(status));
    return watches.length;
  }

  /** Forgets the change history: watches and continuations from older resourceVersions get 410. */
  compactHistory(): void {
    this.#store.compact();
  }

  clear(): void {
    this.#rules.length = 0;
  }

  /**
   * Applies the first matching rule to a request: waits for its delay, then throws its failure.
   * Requests that no rule matches go through untouched.
   */
  async apply(facts: RequestFacts): Promise<void> {
    const rule = this.#rules.find(r => matches(r, facts));
    if (!rule) {
      return;
    }
    if (--rule.remaining <= 0) {
      this.#remove(rule);
    }
    if (rule.delayMs) {
      await new Promise(resolve => setTimeout(resolve, rule.delayMs));
    }
    if (rule.status === 409 && !rule.message) {
      throw ApiError.conflict(
        { group: facts.group, plural: facts.plural, kind: '' },
        facts.name ?? '',
      );
    }
    if (rule.status) {
      const error = ApiError.withCode(
        rule.status,
        rule.message ??
          `injected failure for ${qualifiedResource({
            group: facts.group,
            plural: facts.plural,
          })}`,
      );
      if (rule.retryAfterSeconds !== undefined) {
        error.status.details = { retryAfterSeconds: rule.retryAfterSeconds };
      }
      throw error;
    }
  }

  #remove(rule: ActiveRule): void {
    const at = this.#rules.indexOf(rule);
    if (at >= 0) {
      this.#rules.splice(at, 1);
    }
  }
}

function matches(rule: FaultRule, facts: RequestFacts): boolean {
  const verbs = rule.verb === undefined ? undefined : [rule.verb].flat();
  const resource = facts.subresource
    ? `${facts.plural}/${facts.subresource}`
    : facts.plural;
  return (
    (verbs === undefined || verbs.includes(facts.verb)) &&
    (rule.resource === undefined || rule.resource === resource) &&
    (rule.namespace === undefined || rule.namespace === facts.namespace) &&
    (rule.name === undefined || rule.name === facts.name)
  );
}
