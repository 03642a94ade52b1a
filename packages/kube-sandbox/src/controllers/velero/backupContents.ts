import { SandboxApi } from '../../api/SandboxApi';
import {
  qualifiedResource,
  resourceKey,
  ResourceType,
} from '../../resources/ResourceType';
import { LabelSelector } from '../../store/LabelSelector';
import { KubeObject } from '../../store/types';
import { clone, JsonMap } from '../../util/json';

/*
 * What goes into a Velero backup archive and how it comes back: the archive layout
 * `resources/<resource>[.<group>]/namespaces/<namespace>/<name>.json` (`cluster/<name>.json`
 * for cluster-scoped objects), the resources Velero never backs up, and the restore order and
 * clean-up of server-set fields.
 */

/** Resources Velero leaves out of every backup and restore. */
const NEVER = new Set([
  'events',
  'events.events.k8s.io',
  'backups.velero.io',
  'restores.velero.io',
  'deletebackuprequests.velero.io',
  'backupstoragelocations.velero.io',
  'schedules.velero.io',
  'nodes',
]);

/** Velero restores these first, in this order; the rest follows. */
const RESTORE_PRIORITY = [
  'customresourcedefinitions.apiextensions.k8s.io',
  'namespaces',
  'storageclasses.storage.k8s.io',
  'persistentvolumeclaims',
  'secrets',
  'configmaps',
  'serviceaccounts',
  'limitranges',
  'pods',
  'replicasets.apps',
];

export interface ArchiveItem {
  path: string;
  object: KubeObject;
}

function matchesList(
  list: string[] | undefined,
  value: string,
  fallback: boolean,
): boolean {
  if (!list || list.length === 0) {
    return fallback;
  }
  return list.includes('*') || list.includes(value);
}

function resourceMatches(
  list: string[] | undefined,
  type: ResourceType,
  fallback: boolean,
): boolean {
  if (!list || list.length === 0) {
    return fallback;
  }
  return (
    list.includes('*') ||
    list.includes(type.plural) ||
    list.includes(qualifiedResource(type))
  );
}

function itemPath(type: ResourceType, object: KubeObject): string {
  const where = type.namespaced
    ? `namespaces/${object.metadata.namespace}`
    : 'cluster';
  return `resources/${qualifiedResource(type)}/${where}/${
    object.metadata.name
  }.json`;
}

/** The objects a Backup's spec selects, with their archive paths. */
export function collectBackupItems(
  api: SandboxApi,
  spec: JsonMap,
): ArchiveItem[] {
  const namespaces = api.store
    .list('/namespaces')
    .map(ns => ns.metadata.name!)
    .filter(
      name =>
        matchesList(spec.includedNamespaces, name, true) &&
        !matchesList(spec.excludedNamespaces, name, false),
    );
  const selectors = [spec.labelSelector, ...(spec.orLabelSelectors ?? [])]
    .filter(Boolean)
    .map(s => LabelSelector.fromSpec(s));
  const selected = (object: KubeObject) =>
    selectors.length === 0 ||
    selectors.some(selector => selector.matches(object.metadata.labels));
  const items: ArchiveItem[] = [];
  for (const type of api.registry.all()) {
    const qualified = qualifiedResource(type);
    if (
      NEVER.has(qualified) ||
      !resourceMatches(spec.includedResources, type, true) ||
      resourceMatches(spec.excludedResources, type, false)
    ) {
      continue;
    }
    let objects: KubeObject[];
    if (type.namespaced) {
      objects = namespaces.flatMap(ns => api.store.list(resourceKey(type), ns));
    } else if (qualified === 'namespaces') {
      objects = namespaces.map(ns => api.store.get('/namespaces', '', ns)!);
    } else {
      objects = spec.includeClusterResources
        ? api.store.list(resourceKey(type))
        : [];
    }
    for (const object of objects.filter(selected)) {
      items.push({ path: itemPath(type, object), object });
    }
  }
  return items;
}

/** The type and object of an archive path, or undefined for what is not a served resource. */
export function readArchiveItem(
  api: SandboxApi,
  path: string,
  content: Buffer,
): { type: ResourceType; object: KubeObject } | undefined {
  const match =
    /^resources\/([^/]+)\/(?:namespaces\/[^/]+|cluster)\/[^/]+\.json$/.exec(
      path,
    );
  if (!match) {
    return undefined;
  }
  const dot = match[1].indexOf('.');
  const plural = dot < 0 ? match[1] : match[1].slice(0, dot);
  const group = dot < 0 ? '' : match[1].slice(dot + 1);
  const type = api.registry.get(resourceKey({ group, plural }));
  return type && { type, object: JSON.parse(content.toString('utf8')) };
}

/** Restore order: Velero's priorities, then everything else in name order. */
export function restoreRank(type: ResourceType): number {
  const at = RESTORE_PRIORITY.indexOf(qualifiedResource(type));
  return at < 0 ? RESTORE_PRIORITY.length : at;
}

/** Whether a restore skips an item: never-restored kinds, and objects their controllers recreate. */
export function skippedOnRestore(
  type: ResourceType,
  object: KubeObject,
): boolean {
  return (
    NEVER.has(qualifiedResource(type)) ||
    Boolean(object.metadata.ownerReferences?.some(ref => ref.controller))
  );
}

/**
 * An archived object made ready to create again: in its mapped namespace, without the fields
 * the server sets (uid, resourceVersion, timestamps, status, allocated cluster IPs, node
 * bindings), labelled with the backup and restore names as Velero labels restored objects.
 */
export function prepareForRestore(
  type: ResourceType,
  archived: KubeObject,
  options: {
    namespaceMapping: Record<string, string>;
    backupName: string;
    restoreName: string;
  },
): KubeObject {
  const object = clone(archived);
  const mapped = (namespace: string) =>
    options.namespaceMapping[namespace] ?? namespace;
  const metadata = object.metadata;
  for (const field of [
    'uid',
    'resourceVersion',
    'creationTimestamp',
    'generation',
    'managedFields',
    'deletionTimestamp',
    'deletionGracePeriodSeconds',
    'ownerReferences',
  ] as const) {
    delete metadata[field];
  }
  if (type.namespaced) {
    metadata.namespace = mapped(metadata.namespace!);
  } else if (qualifiedResource(type) === 'namespaces') {
    metadata.name = mapped(metadata.name!);
    delete metadata.labels?.['kubernetes.io/metadata.name'];
  }
  metadata.labels = {
    ...metadata.labels,
    'velero.io/backup-name': options.backupName,
    'velero.io/restore-name': options.restoreName,
  };
  delete object.status;
  if (type.kind === 'Service' && object.spec?.clusterIP !== 'None') {
    delete object.spec?.clusterIP;
    delete object.spec?.clusterIPs;
    for (const port of object.spec?.ports ?? []) {
      delete port.nodePort;
    }
  }
  if (type.kind === 'Pod') {
    delete object.spec?.nodeName;
  }
  if (type.kind === 'PersistentVolumeClaim') {
    delete object.spec?.volumeName;
  }
  return object;
}
