import { ApiError } from '../../../api/ApiError';
import { SandboxApi } from '../../../api/SandboxApi';
import { RequestScope } from '../../../api/types';
import { KubeObject } from '../../../store/types';

/** Helm's install order by kind (releaseutil.InstallOrder); unknown kinds go last. */
const INSTALL_ORDER = [
  'PriorityClass',
  'Namespace',
  'NetworkPolicy',
  'ResourceQuota',
  'LimitRange',
  'PodSecurityPolicy',
  'PodDisruptionBudget',
  'ServiceAccount',
  'Secret',
  'SecretList',
  'ConfigMap',
  'StorageClass',
  'PersistentVolume',
  'PersistentVolumeClaim',
  'CustomResourceDefinition',
  'ClusterRole',
  'ClusterRoleList',
  'ClusterRoleBinding',
  'ClusterRoleBindingList',
  'Role',
  'RoleList',
  'RoleBinding',
  'RoleBindingList',
  'Service',
  'DaemonSet',
  'Pod',
  'ReplicationController',
  'ReplicaSet',
  'Deployment',
  'HorizontalPodAutoscaler',
  'StatefulSet',
  'Job',
  'CronJob',
  'IngressClass',
  'Ingress',
  'APIService',
];

export function installOrder(objects: KubeObject[]): KubeObject[] {
  const rank = (o: KubeObject) => {
    const at = INSTALL_ORDER.indexOf(o.kind ?? '');
    return at < 0 ? INSTALL_ORDER.length : at;
  };
  return [...objects].sort((a, b) => rank(a) - rank(b));
}

/** An inventory entry as helm-controller records it: `<namespace>_<name>_<group>_<Kind>`. */
export interface InventoryEntry {
  id: string;
  v: string;
}

export function inventoryEntry(object: KubeObject): InventoryEntry {
  const [group, version] = object.apiVersion!.includes('/')
    ? object.apiVersion!.split('/')
    : ['', object.apiVersion!];
  return {
    id: [
      object.metadata.namespace ?? '',
      object.metadata.name,
      group,
      object.kind,
    ].join('_'),
    v: version,
  };
}

/** The scope and name an inventory entry points at, or undefined when its kind is not served. */
export function locateEntry(
  api: SandboxApi,
  entry: InventoryEntry,
): { scope: RequestScope; name: string } | undefined {
  const [namespace, name, group, kind] = entry.id.split('_');
  const type = api.registry.findByKind(group, entry.v, kind);
  if (!type) {
    return undefined;
  }
  return {
    scope: {
      type,
      version: entry.v,
      namespace: type.namespaced ? namespace : undefined,
    },
    name,
  };
}

/** The scope an object from a chart goes to (its namespace defaults to the release's). */
export function scopeOf(
  api: SandboxApi,
  object: KubeObject,
  namespace: string,
): RequestScope {
  const apiVersion = object.apiVersion ?? '';
  const [group, version] = apiVersion.includes('/')
    ? apiVersion.split('/')
    : ['', apiVersion];
  const type = api.registry.findByKind(group, version, object.kind ?? '');
  if (!type) {
    throw new Error(
      `resource mapping not found for name: "${
        object.metadata?.name
      }" namespace: "${
        object.metadata?.namespace ?? ''
      }" from "": no matches for kind "${
        object.kind
      }" in version "${apiVersion}"`,
    );
  }
  return {
    type,
    version,
    namespace: type.namespaced
      ? object.metadata?.namespace ?? namespace
      : undefined,
  };
}

/** Deletes what an inventory lists (gone already is fine). */
export function deleteEntries(
  api: SandboxApi,
  entries: InventoryEntry[],
): void {
  for (const entry of entries) {
    const located = locateEntry(api, entry);
    if (!located) {
      continue;
    }
    try {
      api.delete(located.scope, located.name, {
        propagationPolicy: 'Background',
      });
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 404)) {
        throw error;
      }
    }
  }
}
