/** What a URL path addresses. */
export type RequestTarget =
  | { kind: 'coreVersions' }
  | { kind: 'groups' }
  | { kind: 'group'; group: string }
  | { kind: 'resources'; group: string; version: string }
  | { kind: 'version' }
  | { kind: 'health' }
  | { kind: 'openapiV3'; path?: string }
  | { kind: 'resource'; resource: ResourceRequest }
  | { kind: 'unknown' };

/** A request for a resource, its collection or a subresource. */
export interface ResourceRequest {
  group: string;
  version: string;
  plural: string;
  /** Set for `/namespaces/<ns>/<plural>…` paths. */
  namespace?: string;
  name?: string;
  subresource?: string;
  /** The legacy `/watch/` path prefix. */
  watch: boolean;
}

/** Subresources of namespaces, which share the `/namespaces/<x>/<y>` shape with collections. */
const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);

/** Maps a URL path onto the apiserver's routes. */
export function parseRequestPath(pathname: string): RequestTarget {
  const segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [root, ...rest] = segments;
  switch (root) {
    case 'version':
      return segments.length === 1 ? { kind: 'version' } : { kind: 'unknown' };
    case 'healthz':
    case 'livez':
    case 'readyz':
      return { kind: 'health' };
    case 'openapi':
      if (rest[0] === 'v3') {
        return {
          kind: 'openapiV3',
          path: rest.length > 1 ? rest.slice(1).join('/') : undefined,
        };
      }
      return { kind: 'unknown' };
    case 'api':
      if (rest.length === 0) {
        return { kind: 'coreVersions' };
      }
      return resourcePath('', rest[0], rest.slice(1));
    case 'apis':
      if (rest.length === 0) {
        return { kind: 'groups' };
      }
      if (rest.length === 1) {
        return { kind: 'group', group: rest[0] };
      }
      return resourcePath(rest[0], rest[1], rest.slice(2));
    default:
      return { kind: 'unknown' };
  }
}

function resourcePath(
  group: string,
  version: string,
  segments: string[],
): RequestTarget {
  if (segments.length === 0) {
    return { kind: 'resources', group, version };
  }
  // The legacy `/watch/` prefix.
  const watch = segments[0] === 'watch';
  const parts = watch ? segments.slice(1) : segments;
  const base = { group, version, watch };
  if (
    parts[0] === 'namespaces' &&
    parts.length >= 3 &&
    !(parts.length === 3 && NAMESPACE_SUBRESOURCES.has(parts[2]))
  ) {
    if (parts.length > 5) {
      return { kind: 'unknown' };
    }
    const [, namespace, plural, name, subresource] = parts;
    return {
      kind: 'resource',
      resource: { ...base, namespace, plural, name, subresource },
    };
  }
  if (parts.length > 3) {
    return { kind: 'unknown' };
  }
  const [plural, name, subresource] = parts;
  return { kind: 'resource', resource: { ...base, plural, name, subresource } };
}
