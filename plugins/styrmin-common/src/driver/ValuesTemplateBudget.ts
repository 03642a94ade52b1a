/**
 * How much one render of a values template may cost. A values template runs in the
 * process that renders it (the agent's operator), on its only thread, so a template that
 * loops for ever or builds a gigabyte would stall or kill that process; past these limits
 * the render fails with `VALUES_TEMPLATE_TOO_EXPENSIVE` instead.
 *
 * @public
 */
export interface ValuesTemplateLimits {
  /** How long one render may take, in milliseconds. Default 1,000. */
  timeoutMs?: number;
  /**
   * The most characters a render may output, and the largest string or list that any one
   * call, filter or `range` in it may build. Default 1 MiB (1,048,576): the values end up
   * in a HelmRelease, and a Kubernetes object holds at most about 1.5 MiB.
   */
  maxOutputLength?: number;
  /**
   * The most work a render may do: one unit per variable or member lookup, call and loop
   * iteration, plus the length of every string or list a call or filter builds.
   * Default 10,000,000.
   */
  maxOperations?: number;
  /** How deeply macro and function calls may nest. Default 64. */
  maxCallDepth?: number;
}

/** The limits that apply where a caller sets none. */
export const DEFAULT_VALUES_TEMPLATE_LIMITS: Required<ValuesTemplateLimits> = {
  timeoutMs: 1000,
  maxOutputLength: 1024 * 1024,
  maxOperations: 10_000_000,
  maxCallDepth: 64,
};

/**
 * Thrown from inside a render that went past a limit. The render's catch tells it apart by
 * {@link ValuesTemplateBudget.exceeded}, since nunjucks wraps what is thrown through it.
 */
class BudgetExceeded extends Error {}

/**
 * The account of one render: every hook of the guarded nunjucks runtime spends from it, and
 * the first spend past a limit throws. One budget per render; renders are synchronous, so
 * nothing else spends from it meanwhile.
 */
export class ValuesTemplateBudget {
  readonly limits: Required<ValuesTemplateLimits>;
  readonly #deadline: number;
  #operations = 0;
  #output = 0;
  #depth = 0;
  /** Why the render was stopped, once it was. */
  exceeded?: string;

  constructor(limits: ValuesTemplateLimits = {}) {
    this.limits = { ...DEFAULT_VALUES_TEMPLATE_LIMITS, ...limits };
    this.#deadline = Date.now() + this.limits.timeoutMs;
  }

  /** Spends `units` of work, and checks the clock. */
  spend(units: number): void {
    this.#operations += units;
    if (this.#operations > this.limits.maxOperations) {
      this.#stop(`did more than ${this.limits.maxOperations} operations`);
    }
    if (Date.now() > this.#deadline) {
      this.#stop(`ran longer than ${this.limits.timeoutMs} ms`);
    }
  }

  /** Accounts for `length` characters printed into the output or a captured block. */
  output(length: number): void {
    this.#output += length;
    if (this.#output > this.limits.maxOutputLength) {
      this.#stop(`output more than ${this.limits.maxOutputLength} characters`);
    }
  }

  /**
   * Refuses to build a string or list of `length` items before building it: for `range`
   * and for the filters and methods whose size is an argument (`center`, `"x".repeat`).
   */
  allow(length: number, what: string): void {
    if (!(length <= this.limits.maxOutputLength)) {
      this.#stop(
        `asked ${what} for ${length} items, more than ${this.limits.maxOutputLength}`,
      );
    }
    this.spend(length);
  }

  /** Accounts for what a call or filter returned: its length, if it has one. */
  built<T>(value: T, what: string): T {
    const length =
      typeof value === 'string' || Array.isArray(value)
        ? value.length
        : (value as { length?: unknown } | null)?.length;
    if (typeof length === 'number') {
      if (length > this.limits.maxOutputLength) {
        this.#stop(
          `built ${length} items with ${what}, more than ${this.limits.maxOutputLength}`,
        );
      }
      this.spend(length);
    }
    return value;
  }

  /** Runs a call one level deeper, within the depth limit. */
  nested<T>(call: () => T): T {
    if (this.#depth >= this.limits.maxCallDepth) {
      this.#stop(`nested calls more than ${this.limits.maxCallDepth} deep`);
    }
    this.#depth += 1;
    try {
      return call();
    } finally {
      this.#depth -= 1;
    }
  }

  #stop(reason: string): never {
    this.exceeded ??= reason;
    throw new BudgetExceeded(`The values template ${reason}`);
  }
}
