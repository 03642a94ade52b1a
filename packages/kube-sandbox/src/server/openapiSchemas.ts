import * as clientNode from '@kubernetes/client-node';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ResourceType } from '../resources/ResourceType';
import { JsonMap } from '../util/json';

/*
 * The OpenAPI v3 schemas of `components.schemas`, which `kubectl explain` reads: for built-in
 * kinds, made from @kubernetes/client-node's generated models (field names and types from
 * their attribute maps, descriptions and required fields from their declaration files, both
 * generated from Kubernetes' own OpenAPI document); for custom resources, the CRD's schema.
 */

interface Attribute {
  name: string;
  baseName: string;
  type: string;
  format: string;
}

type ModelClass = { getAttributeTypeMap(): Attribute[] };

const models = clientNode as unknown as Record<string, ModelClass | undefined>;

const MODELS_DIR = path.join(
  path.dirname(require.resolve('@kubernetes/client-node')),
  'gen',
  'models',
);

/** `io.k8s.apps.v1.Deployment` for `V1Deployment`: the last segment is what explain prints. */
export function schemaName(model: string): string {
  const match = /^([A-Z][a-z]+)?(V\d+(?:alpha\d+|beta\d+)?)(.+)$/.exec(model);
  if (!match) {
    return `io.k8s.${model}`;
  }
  const [, group, version, rest] = match;
  return ['io.k8s', group?.toLowerCase(), version.toLowerCase(), rest]
    .filter(Boolean)
    .join('.');
}

const ref = (model: string) => ({
  $ref: `#/components/schemas/${schemaName(model)}`,
});

/** A model's descriptions and required fields, read from its `.d.ts` (comments are not in the JS). */
function declarations(model: string): {
  description?: string;
  fields: Map<string, string>;
  required: string[];
} {
  const file = path.join(MODELS_DIR, `${model}.d.ts`);
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const clean = (comment: string) =>
    comment
      .split('\n')
      .map(line => line.replace(/^\s*\*\s?/, '').trim())
      .filter(Boolean)
      .join(' ');
  const fields = new Map<string, string>();
  for (const match of text.matchAll(
    /\/\*\*\n((?:[^*]|\*(?!\/))*)\*\/\s*\n\s*'([^']+)'\??:/g,
  )) {
    fields.set(match[2], clean(match[1]));
  }
  const classDoc =
    /\/\*\*\n((?:[^*]|\*(?!\/))*)\*\/\s*\nexport declare class/.exec(text);
  return {
    description: classDoc ? clean(classDoc[1]) : undefined,
    fields,
    required: [...text.matchAll(/^\s*'([^']+)':/gm)].map(m => m[1]),
  };
}

function typeSchema(type: string, format: string, found: Set<string>): JsonMap {
  const array = /^Array<(.+)>$/.exec(type);
  if (array) {
    return { type: 'array', items: typeSchema(array[1], format, found) };
  }
  const map = /^\{ \[key: string\]: (.+); \}$/.exec(type);
  if (map) {
    return {
      type: 'object',
      additionalProperties: typeSchema(map[1], format, found),
    };
  }
  switch (type) {
    case 'string':
      return format ? { type: 'string', format } : { type: 'string' };
    case 'boolean':
      return { type: 'boolean' };
    case 'number':
      return format === 'double'
        ? { type: 'number', format }
        : { type: 'integer', format };
    case 'Date':
      return { type: 'string', format: 'date-time' };
    case 'IntOrString':
      return { type: 'string', format: 'int-or-string' };
    default:
      if (models[type]?.getAttributeTypeMap) {
        found.add(type);
        return { allOf: [ref(type)] };
      }
      return { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
  }
}

function modelSchema(model: string, found: Set<string>): JsonMap {
  const { description, fields, required } = declarations(model);
  const properties: JsonMap = {};
  for (const attribute of models[model]!.getAttributeTypeMap()) {
    const schema = typeSchema(attribute.type, attribute.format, found);
    const text = fields.get(attribute.name);
    properties[attribute.baseName] = text
      ? { ...schema, description: text }
      : schema;
  }
  return {
    type: 'object',
    ...(description ? { description } : {}),
    properties,
    ...(required.length ? { required } : {}),
  };
}

const builtinCache = new Map<string, Record<string, JsonMap>>();

/** The schemas of a model and of everything it refers to, by component name. */
function modelClosure(root: string): Record<string, JsonMap> {
  let schemas = builtinCache.get(root);
  if (!schemas) {
    schemas = {};
    const pending = [root];
    const seen = new Set(pending);
    while (pending.length) {
      const model = pending.pop()!;
      const found = new Set<string>();
      schemas[schemaName(model)] = modelSchema(model, found);
      for (const next of found) {
        if (!seen.has(next)) {
          seen.add(next);
          pending.push(next);
        }
      }
    }
    builtinCache.set(root, schemas);
  }
  return schemas;
}

/** `apiVersion` and `kind` as every built-in kind describes them. */
function typeMetaProperties(): JsonMap {
  const { apiVersion, kind } = modelSchema('V1Pod', new Set()).properties;
  return { apiVersion, kind };
}

const modelOf = (version: string, kind: string) =>
  `${version[0].toUpperCase()}${version.slice(1)}${kind}`;

/** The component schemas a group version's document holds for one of its resources. */
export function resourceSchemas(
  type: ResourceType,
  version: string,
): Record<string, JsonMap> {
  const gvk = [{ group: type.group, version, kind: type.kind }];
  if (type.builtin) {
    const model = modelOf(version, type.kind);
    if (!models[model]?.getAttributeTypeMap) {
      return {};
    }
    const schemas = { ...modelClosure(model) };
    const name = schemaName(model);
    schemas[name] = {
      ...schemas[name],
      'x-kubernetes-group-version-kind': gvk,
    };
    return schemas;
  }
  const schema: JsonMap = type.openApiSchema ?? {
    type: 'object',
    'x-kubernetes-preserve-unknown-fields': true,
  };
  const objectMeta = modelClosure('V1ObjectMeta');
  const kindName = `${type.group.split('.').reverse().join('.')}.${version}.${
    type.kind
  }`;
  return {
    ...objectMeta,
    [kindName]: {
      ...schema,
      properties: {
        ...schema.properties,
        ...typeMetaProperties(),
        metadata: {
          allOf: [ref('V1ObjectMeta')],
          description:
            "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
        },
      },
      'x-kubernetes-group-version-kind': gvk,
    },
  };
}
