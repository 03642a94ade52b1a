import { ApiError } from '../api/ApiError';
import { JsonMap } from '../util/json';
import { PolicyRule } from '../rbac/policyRules';
import { RbacAuthorizer } from '../rbac/RbacAuthorizer';
import { RequestAttributes, UserInfo } from '../rbac/RequestAttributes';
import { ResourceRequest } from './parseRequestPath';

/*
 * authorization.k8s.io/v1 SelfSubjectAccessReview and SelfSubjectRulesReview, which
 * `kubectl auth can-i` (and `--list`) and helm ask before acting. They are not stored: the
 * apiserver answers a create with the review and its status, decided by the RBAC authorizer
 * for the user who asks.
 */

export const ACCESS_REVIEW_GROUP = 'authorization.k8s.io';
const VERSION = 'v1';

const REVIEWS: Record<string, string> = {
  selfsubjectaccessreviews: 'SelfSubjectAccessReview',
  selfsubjectrulesreviews: 'SelfSubjectRulesReview',
};

/** The group for `/apis` and `/apis/authorization.k8s.io`. */
export const accessReviewGroup = {
  name: ACCESS_REVIEW_GROUP,
  versions: [VERSION],
};

/** The resources for `/apis/authorization.k8s.io/v1`, or undefined for another version. */
export function accessReviewResources(version: string) {
  if (version !== VERSION) {
    return undefined;
  }
  return Object.entries(REVIEWS).map(([name, kind]) => ({
    name,
    singularName: kind.toLowerCase(),
    namespaced: false,
    kind,
    verbs: ['create'],
  }));
}

export function isAccessReview(target: ResourceRequest): boolean {
  return target.group === ACCESS_REVIEW_GROUP;
}

/** The answer to a POST of a review: the review with its status (201, as the apiserver). */
export function answerAccessReview(options: {
  target: ResourceRequest;
  method: string;
  body: unknown;
  user: UserInfo;
  authorizer: RbacAuthorizer;
}): JsonMap {
  const { target, method, user, authorizer } = options;
  const kind = REVIEWS[target.plural];
  if (
    !kind ||
    target.version !== VERSION ||
    target.namespace !== undefined ||
    target.name !== undefined
  ) {
    throw ApiError.pathNotFound();
  }
  if (method !== 'POST') {
    throw ApiError.methodNotAllowed(
      'the server does not allow this method on the requested resource',
    );
  }
  const review = (options.body ?? {}) as JsonMap;
  if (review.kind !== undefined && review.kind !== kind) {
    throw ApiError.badRequest(
      `the body of the request was a ${review.kind}, not a ${kind}`,
    );
  }
  const spec = (review.spec ?? {}) as ReviewSpec;
  let status: JsonMap;
  if (kind === 'SelfSubjectAccessReview') {
    const decision = authorizer.authorize(user, reviewedRequest(spec));
    status = {
      allowed: decision.allowed,
      ...(decision.reason ? { reason: decision.reason } : {}),
    };
  } else {
    const { rules, errors } = authorizer.rulesFor(user, spec.namespace ?? '');
    status = {
      resourceRules: rules.filter(r => !r.nonResourceURLs).map(resourceRule),
      nonResourceRules: rules
        .filter(r => r.nonResourceURLs)
        .map(r => ({ verbs: r.verbs, nonResourceURLs: r.nonResourceURLs })),
      incomplete: errors.length > 0,
      ...(errors.length > 0 ? { evaluationError: errors.join(', ') } : {}),
    };
  }
  return {
    kind,
    apiVersion: `${ACCESS_REVIEW_GROUP}/${VERSION}`,
    metadata: { creationTimestamp: null },
    spec,
    status,
  };
}

interface ReviewSpec {
  resourceAttributes?: {
    namespace?: string;
    verb?: string;
    group?: string;
    version?: string;
    resource?: string;
    subresource?: string;
    name?: string;
  };
  nonResourceAttributes?: { path?: string; verb?: string };
  /** SelfSubjectRulesReview's. */
  namespace?: string;
}

function reviewedRequest(spec: ReviewSpec): RequestAttributes {
  const asked = spec.resourceAttributes;
  if (!asked) {
    return {
      resourceRequest: false,
      verb: spec.nonResourceAttributes?.verb ?? '',
      path: spec.nonResourceAttributes?.path ?? '',
    };
  }
  return {
    resourceRequest: true,
    verb: asked.verb ?? '',
    apiGroup: asked.group ?? '',
    apiVersion: asked.version ?? '',
    resource: asked.resource ?? '',
    ...(asked.subresource ? { subresource: asked.subresource } : {}),
    ...(asked.namespace ? { namespace: asked.namespace } : {}),
    ...(asked.name ? { name: asked.name } : {}),
  };
}

function resourceRule(rule: PolicyRule): JsonMap {
  return {
    verbs: rule.verbs ?? [],
    apiGroups: rule.apiGroups ?? [],
    resources: rule.resources ?? [],
    ...(rule.resourceNames?.length
      ? { resourceNames: rule.resourceNames }
      : {}),
  };
}
