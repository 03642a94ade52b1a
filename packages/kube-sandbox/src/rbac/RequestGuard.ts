import { ApiError } from '../api/ApiError';
import { RequestTarget } from '../server/parseRequestPath';
import { ObjectStore } from '../store/ObjectStore';
import { AuthorizationLog } from './AuthorizationLog';
import { Authenticator } from './Authenticator';
import { forbidden } from './forbidden';
import { storePolicySource } from './PolicySource';
import { RbacAuthorizer } from './RbacAuthorizer';
import { UserInfo } from './RequestAttributes';
import { requestAttributesOf } from './requestAttributesOf';

/**
 * The server's authentication and authorization seam: who a request's bearer token names
 * (401 for none), and whether RBAC lets them do what it asks (403 otherwise), every decision
 * logged. Health paths are answered before it, as the apiserver lets anyone read them.
 */
export class RequestGuard {
  readonly #authenticator: Authenticator;
  readonly authorizer: RbacAuthorizer;
  readonly log = AuthorizationLog.create();

  private constructor(store: ObjectStore, adminToken: string) {
    this.#authenticator = Authenticator.create({ store, adminToken });
    this.authorizer = RbacAuthorizer.create({
      policy: storePolicySource(store),
    });
  }

  static create(options: {
    store: ObjectStore;
    adminToken: string;
  }): RequestGuard {
    return new RequestGuard(options.store, options.adminToken);
  }

  authenticate(authorization: string | undefined): UserInfo | undefined {
    return this.#authenticator.authenticate(authorization);
  }

  /** Throws the apiserver's 401 without a user, its 403 when RBAC does not allow the request. */
  admit(
    user: UserInfo | undefined,
    request: { method: string; url: URL; target: RequestTarget },
  ): asserts user is UserInfo {
    if (!user) {
      throw ApiError.unauthorized();
    }
    const attributes = requestAttributesOf(
      request.method,
      request.url.pathname,
      request.target,
      request.url.searchParams,
    );
    const decision = this.authorizer.authorize(user, attributes);
    const denial = decision.allowed
      ? undefined
      : forbidden(user, attributes, decision.reason);
    this.log.record(user.name, attributes, decision, denial?.message);
    if (denial) {
      throw denial;
    }
  }
}
