import { ObjectStore } from '../store/ObjectStore';
import { KubeObject } from '../store/types';

/** Where the authorizer reads Roles, ClusterRoles and their bindings. */
export interface PolicySource {
  clusterRoleBindings(): KubeObject[];
  roleBindings(namespace: string): KubeObject[];
  role(namespace: string, name: string): KubeObject | undefined;
  clusterRole(name: string): KubeObject | undefined;
}

const GROUP = 'rbac.authorization.k8s.io';

/** The cluster's own RBAC objects, read at each decision (so a change applies at once). */
export function storePolicySource(store: ObjectStore): PolicySource {
  return {
    clusterRoleBindings: () => store.list(`${GROUP}/clusterrolebindings`),
    roleBindings: namespace => store.list(`${GROUP}/rolebindings`, namespace),
    role: (namespace, name) => store.get(`${GROUP}/roles`, namespace, name),
    clusterRole: name => store.get(`${GROUP}/clusterroles`, '', name),
  };
}

/**
 * A policy of given objects (Roles, ClusterRoles, RoleBindings, ClusterRoleBindings, as
 * `helm template` renders them): to ask what a changed policy would decide without a cluster.
 */
export function objectsPolicySource(
  objects: readonly KubeObject[],
): PolicySource {
  const of = (kind: string) =>
    objects.filter(o => o.kind === kind && o.apiVersion === `${GROUP}/v1`);
  const named = (kind: string, namespace: string | undefined, name: string) =>
    of(kind).find(
      o => o.metadata.name === name && o.metadata.namespace === namespace,
    );
  return {
    clusterRoleBindings: () => of('ClusterRoleBinding'),
    roleBindings: namespace =>
      of('RoleBinding').filter(o => o.metadata.namespace === namespace),
    role: (namespace, name) => named('Role', namespace, name),
    clusterRole: name => named('ClusterRole', undefined, name),
  };
}
