import { RequestAttributes } from './RequestAttributes';

/** rbac.authorization.k8s.io/v1 PolicyRule. */
export interface PolicyRule {
  verbs?: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}

const ALL = '*';

/**
 * Whether a rule allows a request, by the matching of the apiserver's RBAC
 * (plugin/pkg/auth/authorizer/rbac/rbac.go, RuleAllows): `*` matches any verb, group and
 * resource, `*\/<sub>` any resource's subresource, a rule with resourceNames only requests
 * naming one of them (so never a create or a list), and nonResourceURLs match exactly or by a
 * prefix ending in `*`.
 */
export function ruleAllows(
  rule: PolicyRule,
  request: RequestAttributes,
): boolean {
  if (!includes(rule.verbs, request.verb)) {
    return false;
  }
  if (!request.resourceRequest) {
    return (rule.nonResourceURLs ?? []).some(url =>
      url.endsWith(ALL)
        ? request.path.startsWith(url.slice(0, -1))
        : url === request.path,
    );
  }
  if (!includes(rule.apiGroups, request.apiGroup)) {
    return false;
  }
  const combined = request.subresource
    ? `${request.resource}/${request.subresource}`
    : request.resource;
  const resourceMatches = (rule.resources ?? []).some(
    resource =>
      resource === ALL ||
      resource === combined ||
      (request.subresource !== undefined &&
        resource === `*/${request.subresource}`),
  );
  if (!resourceMatches) {
    return false;
  }
  const names = rule.resourceNames ?? [];
  return (
    names.length === 0 ||
    (request.name !== undefined && names.includes(request.name))
  );
}

function includes(values: string[] | undefined, value: string): boolean {
  return (values ?? []).some(v => v === ALL || v === value);
}

/**
 * What the apiserver's bootstrap policy grants every authenticated user (the ClusterRoles
 * system:discovery, system:basic-user and system:public-info-viewer, bound to
 * system:authenticated): discovery, the OpenAPI documents, the health and version paths, and
 * the self reviews. The sandbox applies them without storing the objects, so that a fresh
 * cluster holds only what its users made.
 */
export const AUTHENTICATED_USERS_RULES: readonly PolicyRule[] = [
  {
    verbs: ['get'],
    nonResourceURLs: [
      '/api',
      '/api/*',
      '/apis',
      '/apis/*',
      '/healthz',
      '/livez',
      '/openapi',
      '/openapi/*',
      '/readyz',
      '/version',
      '/version/',
    ],
  },
  {
    verbs: ['create'],
    apiGroups: ['authorization.k8s.io'],
    resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'],
  },
  {
    verbs: ['create'],
    apiGroups: ['authentication.k8s.io'],
    resources: ['selfsubjectreviews'],
  },
];

/** What system:masters may do: everything (the apiserver lets the group through unasked). */
export const MASTERS_RULES: readonly PolicyRule[] = [
  { verbs: [ALL], apiGroups: [ALL], resources: [ALL] },
  { verbs: [ALL], nonResourceURLs: [ALL] },
];
