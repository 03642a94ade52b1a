import { parseAllDocuments } from 'yaml';
import { KubeObject } from '../store/types';
import { objectsPolicySource } from './PolicySource';
import { RbacAuthorizer } from './RbacAuthorizer';
import { RequestAttributes, UserInfo } from './RequestAttributes';

const POLICY = `
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: operator, namespace: shop}
rules:
  - apiGroups: [""]
    resources: [pods]
    verbs: [get, list, watch]
  - apiGroups: [""]
    resources: [pods/log]
    verbs: [get]
  - apiGroups: [apps]
    resources: ["*/scale"]
    verbs: [update, patch]
  - apiGroups: [""]
    resources: [configmaps]
    resourceNames: [settings]
    verbs: [get, update]
  - apiGroups: ["*"]
    resources: [leases]
    verbs: ["*"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: operator, namespace: shop}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: operator}
subjects:
  # No namespace: the binding's own, as the apiserver reads it.
  - {kind: ServiceAccount, name: operator}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: namespace-reader}
rules:
  - apiGroups: [""]
    resources: [namespaces]
    verbs: [get, list]
  - nonResourceURLs: [/metrics, /logs/*]
    verbs: [get]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: readers}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: namespace-reader}
subjects:
  - {kind: Group, name: readers}
  - {kind: User, name: alice}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: secret-writer}
rules:
  - apiGroups: [""]
    resources: [secrets]
    verbs: [create, delete, deletecollection]
---
# A ClusterRole through a RoleBinding: its rules in that namespace only.
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: secrets, namespace: shop}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: secret-writer}
subjects:
  - {kind: User, name: alice}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: dangling, namespace: shop}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: gone}
subjects:
  - {kind: User, name: bob}
`;

const authorizer = RbacAuthorizer.create({
  policy: objectsPolicySource(
    parseAllDocuments(POLICY).map(d => d.toJS() as KubeObject),
  ),
});

const operator: UserInfo = {
  name: 'system:serviceaccount:shop:operator',
  groups: [
    'system:serviceaccounts',
    'system:serviceaccounts:shop',
    'system:authenticated',
  ],
};
const alice: UserInfo = { name: 'alice', groups: ['system:authenticated'] };
const carol: UserInfo = {
  name: 'carol',
  groups: ['readers', 'system:authenticated'],
};
const bob: UserInfo = { name: 'bob', groups: ['system:authenticated'] };
const admin: UserInfo = {
  name: 'root',
  groups: ['system:masters', 'system:authenticated'],
};

function resource(
  verb: string,
  path: string,
  namespace?: string,
  name?: string,
): RequestAttributes {
  const [groupResource, subresource] = path.split('/');
  const dot = groupResource.indexOf('.');
  const res = dot < 0 ? groupResource : groupResource.slice(0, dot);
  const apiGroup = dot < 0 ? '' : groupResource.slice(dot + 1);
  return {
    resourceRequest: true,
    verb,
    apiGroup,
    apiVersion: 'v1',
    resource: res,
    ...(subresource ? { subresource } : {}),
    ...(namespace ? { namespace } : {}),
    ...(name ? { name } : {}),
  };
}

const nonResource = (verb: string, path: string): RequestAttributes => ({
  resourceRequest: false,
  verb,
  path,
});

const DECISIONS: [UserInfo, RequestAttributes, boolean][] = [
  // verbs and resources of a Role, in its namespace only
  [operator, resource('get', 'pods', 'shop', 'web-1'), true],
  [operator, resource('list', 'pods', 'shop'), true],
  [operator, resource('watch', 'pods', 'shop'), true],
  [operator, resource('delete', 'pods', 'shop', 'web-1'), false],
  [operator, resource('list', 'pods', 'other'), false],
  [operator, resource('list', 'pods'), false],
  // subresources are their own resources; */scale matches any resource's scale
  [operator, resource('get', 'pods/log', 'shop', 'web-1'), true],
  [operator, resource('get', 'pods/exec', 'shop', 'web-1'), false],
  [operator, resource('patch', 'deployments.apps/scale', 'shop', 'web'), true],
  [operator, resource('patch', 'deployments.apps', 'shop', 'web'), false],
  [operator, resource('patch', 'deployments.batch/scale', 'shop', 'x'), false],
  // resourceNames: only requests that name one (never a create or a list)
  [operator, resource('get', 'configmaps', 'shop', 'settings'), true],
  [operator, resource('get', 'configmaps', 'shop', 'other'), false],
  [operator, resource('list', 'configmaps', 'shop'), false],
  // wildcards in apiGroups and verbs
  [
    operator,
    resource('deletecollection', 'leases.coordination.k8s.io', 'shop'),
    true,
  ],
  // groups and users of a ClusterRoleBinding, at the cluster scope
  [carol, resource('list', 'namespaces'), true],
  [alice, resource('get', 'namespaces', 'shop', 'shop'), true],
  [bob, resource('list', 'namespaces'), false],
  // a ClusterRole through a RoleBinding: in that namespace only
  [alice, resource('create', 'secrets', 'shop'), true],
  [alice, resource('create', 'secrets', 'other'), false],
  [alice, resource('create', 'secrets'), false],
  // nonResourceURLs: exact or by prefix
  [carol, nonResource('get', '/metrics'), true],
  [carol, nonResource('get', '/logs/kubelet.log'), true],
  [carol, nonResource('post', '/metrics'), false],
  [bob, nonResource('get', '/metrics'), false],
  // the bootstrap policy: discovery and self reviews for everyone authenticated
  [bob, nonResource('get', '/apis/apps/v1'), true],
  [bob, nonResource('get', '/openapi/v3'), true],
  [
    bob,
    resource('create', 'selfsubjectaccessreviews.authorization.k8s.io'),
    true,
  ],
  // system:masters may do everything
  [admin, resource('delete', 'nodes', undefined, 'sandbox-node'), true],
  [admin, nonResource('post', '/sandbox/v1/anything'), true],
];

describe('RbacAuthorizer', () => {
  it.each(
    DECISIONS.map(
      ([user, request, allowed]) =>
        [user.name, request, allowed, user] as const,
    ),
  )('%s: %j allowed is %s', (_name, request, allowed, user) => {
    expect(authorizer.authorize(user, request).allowed).toBe(allowed);
  });

  it('says which binding allowed, and which role a binding names is missing', () => {
    expect(
      authorizer.authorize(operator, resource('get', 'pods', 'shop', 'x')),
    ).toEqual({
      allowed: true,
      reason:
        'RBAC: allowed by RoleBinding "operator/shop" of Role "operator" to ServiceAccount "operator/shop"',
    });
    expect(authorizer.authorize(carol, resource('list', 'namespaces'))).toEqual(
      {
        allowed: true,
        reason:
          'RBAC: allowed by ClusterRoleBinding "readers" of ClusterRole "namespace-reader" to Group "readers"',
      },
    );
    expect(
      authorizer.authorize(bob, resource('get', 'pods', 'shop', 'x')),
    ).toEqual({
      allowed: false,
      reason: 'RBAC: role.rbac.authorization.k8s.io "gone" not found',
    });
    expect(
      authorizer.authorize(bob, resource('get', 'pods', 'other', 'x')),
    ).toEqual({ allowed: false, reason: '' });
  });

  it("lists a user's rules in a namespace: the bootstrap policy's, the cluster's and the namespace's", () => {
    const { rules, errors } = authorizer.rulesFor(alice, 'shop');
    expect(errors).toEqual([]);
    expect(rules).toEqual(
      expect.arrayContaining([
        { apiGroups: [''], resources: ['namespaces'], verbs: ['get', 'list'] },
        {
          apiGroups: [''],
          resources: ['secrets'],
          verbs: ['create', 'delete', 'deletecollection'],
        },
      ]),
    );
    expect(authorizer.rulesFor(alice, 'other').rules).not.toContainEqual(
      expect.objectContaining({ resources: ['secrets'] }),
    );
  });
});
