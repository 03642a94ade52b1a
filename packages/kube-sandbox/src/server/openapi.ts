import { createHash } from 'node:crypto';
import { ResourceRegistry } from '../resources/ResourceRegistry';
import { KUBERNETES_VERSION } from './discovery';
import { resourceSchemas } from './openapiSchemas';

/*
 * Just enough OpenAPI v3 for kubectl: it reads the PATCH operations to learn that the server
 * validates fields itself (the `fieldValidation` parameter), so it skips client-side schema
 * validation, which would need the protobuf OpenAPI v2 document the sandbox does not serve.
 * The operations declare no request body, so kubectl computes strategic merge patches from its
 * compiled-in types. The schemas (`openapiSchemas.ts`) are for `kubectl explain`.
 */

function documentPath(group: string, version: string): string {
  return group ? `apis/${group}/${version}` : `api/${version}`;
}

function groupVersions(
  registry: ResourceRegistry,
): Array<{ group: string; version: string }> {
  return registry
    .groups()
    .flatMap(g => g.versions.map(version => ({ group: g.name, version })));
}

export function openApiV3Document(
  registry: ResourceRegistry,
  group: string,
  version: string,
) {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  for (const type of registry.all()) {
    if (type.group !== group || !type.versions.includes(version)) {
      continue;
    }
    Object.assign(schemas, resourceSchemas(type, version));
    const prefix = `/${documentPath(group, version)}${
      type.namespaced ? '/namespaces/{namespace}' : ''
    }`;
    paths[`${prefix}/${type.plural}/{name}`] = {
      patch: {
        operationId: `patch${type.kind}`,
        'x-kubernetes-action': 'patch',
        'x-kubernetes-group-version-kind': { group, version, kind: type.kind },
        parameters: [
          { name: 'dryRun', in: 'query', schema: { type: 'string' } },
          { name: 'fieldManager', in: 'query', schema: { type: 'string' } },
          { name: 'fieldValidation', in: 'query', schema: { type: 'string' } },
          { name: 'force', in: 'query', schema: { type: 'boolean' } },
        ],
        responses: { '200': { description: 'OK' } },
      },
    };
  }
  return {
    openapi: '3.0.0',
    info: { title: 'Kubernetes', version: KUBERNETES_VERSION.gitVersion },
    paths,
    components: { schemas },
  };
}

/** The index at `/openapi/v3`: one document per group version, with a content hash. */
export function openApiV3Root(registry: ResourceRegistry) {
  const paths: Record<string, { serverRelativeURL: string }> = {};
  for (const { group, version } of groupVersions(registry)) {
    const path = documentPath(group, version);
    const hash = createHash('sha512')
      .update(JSON.stringify(openApiV3Document(registry, group, version)))
      .digest('hex')
      .slice(0, 32)
      .toUpperCase();
    paths[path] = { serverRelativeURL: `/openapi/v3/${path}?hash=${hash}` };
  }
  return { paths };
}

/** The document at `/openapi/v3/<path>`, or undefined for an unknown group version. */
export function openApiV3ForPath(registry: ResourceRegistry, path: string) {
  const found = groupVersions(registry).find(
    gv => documentPath(gv.group, gv.version) === path,
  );
  return found && openApiV3Document(registry, found.group, found.version);
}
