import { Decision } from './RbacAuthorizer';
import { RequestAttributes } from './RequestAttributes';

/** One distinct decision: who asked for what, and the answer (a denial's 403 message). */
export interface AuthorizationRecord {
  user: string;
  request: RequestAttributes;
  allowed: boolean;
  /** A denial's message, as the 403 Status carried it. */
  message?: string;
}

const LOG_SIZE = 20_000;

/**
 * Every distinct decision the server made, first seen first, and how many requests it denied
 * per user: what a least-privilege test replays against a smaller policy, and its count of
 * 403s (repeats of a decision are counted, not kept).
 */
export class AuthorizationLog {
  readonly #records = new Map<string, AuthorizationRecord>();
  readonly #denials = new Map<string, number>();

  static create(): AuthorizationLog {
    return new AuthorizationLog();
  }

  record(
    user: string,
    request: RequestAttributes,
    decision: Decision,
    message?: string,
  ): void {
    if (!decision.allowed) {
      this.#denials.set(user, (this.#denials.get(user) ?? 0) + 1);
    }
    const key = JSON.stringify([user, request, decision.allowed]);
    if (!this.#records.has(key) && this.#records.size < LOG_SIZE) {
      this.#records.set(key, {
        user,
        request,
        allowed: decision.allowed,
        ...(message ? { message } : {}),
      });
    }
  }

  /** The distinct decisions (up to 20,000), first seen first. */
  get records(): AuthorizationRecord[] {
    return [...this.#records.values()];
  }

  /** How many requests of a user were answered 403. */
  denials(user: string): number {
    return this.#denials.get(user) ?? 0;
  }
}
