import { ApiError } from '../api/ApiError';
import { JsonMap } from '../util/json';
import { ResourceRequest } from './parseRequestPath';

/*
 * authorization.k8s.io/v1 SelfSubjectAccessReview and SelfSubjectRulesReview, which
 * `kubectl auth can-i` (and `--list`) and helm ask before acting. They are not stored: the
 * apiserver answers a create with the review and its status. The sandbox has no RBAC, so every
 * authenticated request is allowed, and the answers say so rather than make up rules.
 */

export const ACCESS_REVIEW_GROUP = 'authorization.k8s.io';
const VERSION = 'v1';
const NO_RBAC =
  'kube-sandbox has no RBAC: every authenticated request is allowed';

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
export function answerAccessReview(
  target: ResourceRequest,
  method: string,
  body: unknown,
): JsonMap {
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
  const review = (body ?? {}) as JsonMap;
  if (review.kind !== undefined && review.kind !== kind) {
    throw ApiError.badRequest(
      `the body of the request was a ${review.kind}, not a ${kind}`,
    );
  }
  const status =
    kind === 'SelfSubjectAccessReview'
      ? { allowed: true, reason: NO_RBAC }
      : {
          resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }],
          nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
          incomplete: false,
        };
  return {
    kind,
    apiVersion: `${ACCESS_REVIEW_GROUP}/${VERSION}`,
    metadata: { creationTimestamp: null },
    spec: review.spec ?? {},
    status,
  };
}
