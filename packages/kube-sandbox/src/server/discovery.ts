import { ResourceRegistry } from '../resources/ResourceRegistry';
import { groupVersion, ResourceType } from '../resources/ResourceType';
import { accessReviewGroup, accessReviewResources } from './accessReviews';

/*
 * The legacy discovery documents (/api, /apis, /api/v1, /apis/<group>/<version>), which
 * client-node reads and kubectl falls back to when it gets no aggregated discovery.
 */

/** The Kubernetes release the sandbox claims to be, matching the kubectl it ships with. */
export const KUBERNETES_VERSION = {
  major: '1',
  minor: '34',
  gitVersion: 'v1.34.0',
};

const VERBS = [
  'create',
  'delete',
  'deletecollection',
  'get',
  'list',
  'patch',
  'update',
  'watch',
];
const SUBRESOURCE_VERBS = ['get', 'patch', 'update'];

export function versionInfo() {
  return {
    ...KUBERNETES_VERSION,
    gitVersion: `${KUBERNETES_VERSION.gitVersion}+kube-sandbox`,
    gitCommit: '0000000000000000000000000000000000000000',
    gitTreeState: 'clean',
    buildDate: '2025-01-01T00:00:00Z',
    goVersion: 'go1.24.0',
    compiler: 'gc',
    platform: 'linux/amd64',
  };
}

export function apiVersions(serverAddress: string) {
  return {
    kind: 'APIVersions',
    versions: ['v1'],
    serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }],
  };
}

function apiGroup(name: string, versions: string[]) {
  const list = versions.map(version => ({
    groupVersion: `${name}/${version}`,
    version,
  }));
  return { name, versions: list, preferredVersion: list[0] };
}

export function apiGroupList(registry: ResourceRegistry) {
  return {
    kind: 'APIGroupList',
    apiVersion: 'v1',
    groups: [...registry.groups(), accessReviewGroup]
      .filter(g => g.name !== '')
      .map(g => apiGroup(g.name, g.versions)),
  };
}

export function apiGroupDocument(registry: ResourceRegistry, group: string) {
  const found = [...registry.groups(), accessReviewGroup].find(
    g => g.name === group && group !== '',
  );
  return (
    found && {
      kind: 'APIGroup',
      apiVersion: 'v1',
      ...apiGroup(found.name, found.versions),
    }
  );
}

function resourceEntries(type: ResourceType) {
  const main = {
    name: type.plural,
    singularName: type.singular,
    namespaced: type.namespaced,
    kind: type.kind,
    verbs: VERBS,
    ...(type.shortNames.length ? { shortNames: type.shortNames } : {}),
    ...(type.categories.length ? { categories: type.categories } : {}),
  };
  const sub = (name: string, extra: Record<string, unknown>) => ({
    name: `${type.plural}/${name}`,
    singularName: '',
    namespaced: type.namespaced,
    kind: type.kind,
    verbs: SUBRESOURCE_VERBS,
    ...extra,
  });
  const subresources = [];
  if (type.status) {
    subresources.push(sub('status', {}));
  }
  if (type.scale) {
    subresources.push(
      sub('scale', { group: 'autoscaling', version: 'v1', kind: 'Scale' }),
    );
  }
  for (const name of type.extraSubresources) {
    const extra = {
      log: { verbs: ['get'] },
      binding: { kind: 'Binding', verbs: ['create'] },
      finalize: { verbs: ['update'] },
    }[name];
    subresources.push(sub(name, extra ?? {}));
  }
  // The main entry first: KubernetesObjectApi takes the first entry whose kind matches.
  return [main, ...subresources.sort((a, b) => a.name.localeCompare(b.name))];
}

export function apiResourceList(
  registry: ResourceRegistry,
  group: string,
  version: string,
) {
  if (group === accessReviewGroup.name) {
    const resources = accessReviewResources(version);
    return (
      resources && {
        kind: 'APIResourceList',
        apiVersion: 'v1',
        groupVersion: groupVersion(group, version),
        resources,
      }
    );
  }
  const types = registry
    .all()
    .filter(t => t.group === group && t.versions.includes(version))
    .sort((a, b) => a.plural.localeCompare(b.plural));
  if (types.length === 0) {
    return undefined;
  }
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: groupVersion(group, version),
    resources: types.flatMap(resourceEntries),
  };
}
