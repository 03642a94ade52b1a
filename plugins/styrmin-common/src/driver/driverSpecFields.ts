import { z } from 'zod/v4';
import { DriverSpec } from './DriverSpec';

/**
 * One field of driver.styrmin.yml, as the Driver API reference lists it.
 *
 * @public
 */
export interface DriverSpecField {
  /** Where the field sits: `spec.components.<name>.replicas`, `spec.services[].port`. */
  path: string;
  /** The accepted values: `string`, `integer`, `"TCP" | "UDP"`, `map`, `list`, ... */
  type: string;
  /** Whether the field must be present when its parent is. */
  required: boolean;
  /** The value used when the field is absent, as JSON. */
  default?: string;
  description: string;
  /** For a field of one kind of a union only (`type: integer`): the kinds it belongs to. */
  only?: string[];
}

type JsonSchema = {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  description?: string;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

function typeOf(schema: JsonSchema): string {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    return [...new Set(variants.map(typeOf))].join(' | ');
  }
  if (schema.const !== undefined) {
    return JSON.stringify(schema.const);
  }
  if (schema.enum) {
    return schema.enum.map(value => JSON.stringify(value)).join(' | ');
  }
  if (schema.type === 'array') {
    return `list of ${typeOf(schema.items ?? {})}`;
  }
  if (schema.type === 'object' && !schema.properties) {
    return 'map';
  }
  return schema.type ?? 'any';
}

/** The discriminator value of one variant of a union of objects (`type: integer`). */
function variantName(variant: JsonSchema): string | undefined {
  const tag = variant.properties?.type?.const;
  return typeof tag === 'string' ? tag : undefined;
}

function collect(schema: JsonSchema, path: string, fields: DriverSpecField[]) {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.every(variantName)) {
    collectUnion(variants, path, fields);
    return;
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const fieldPath = path ? `${path}.${name}` : name;
    fields.push({
      path: fieldPath,
      type: typeOf(property),
      required: schema.required?.includes(name) ?? false,
      default:
        property.default === undefined
          ? undefined
          : JSON.stringify(property.default),
      description: property.description ?? '',
    });
    collect(property, fieldPath, fields);
  }
  if (typeof schema.additionalProperties === 'object') {
    collect(schema.additionalProperties, `${path}.<name>`, fields);
  }
  if (schema.items) {
    collect(schema.items, `${path}[]`, fields);
  }
}

/**
 * Lists the fields of a union of objects told apart by `type` once each: the types of a
 * field that several kinds share are joined, its descriptions too where they differ, and
 * `type` itself describes every kind.
 */
function collectUnion(
  variants: JsonSchema[],
  path: string,
  fields: DriverSpecField[],
) {
  const merged = new Map<
    string,
    {
      field: DriverSpecField;
      kinds: string[];
      descriptions: Map<string, string[]>;
    }
  >();
  for (const variant of variants) {
    const kind = variantName(variant)!;
    const own: DriverSpecField[] = [];
    collect(variant, path, own);
    for (const field of own) {
      const entry = merged.get(field.path) ?? {
        field: { ...field, type: '' },
        kinds: [],
        descriptions: new Map<string, string[]>(),
      };
      entry.kinds.push(kind);
      entry.field.type = [
        ...new Set([
          ...entry.field.type.split(' | '),
          ...field.type.split(' | '),
        ]),
      ]
        .filter(Boolean)
        .join(' | ');
      entry.descriptions.set(field.description, [
        ...(entry.descriptions.get(field.description) ?? []),
        kind,
      ]);
      merged.set(field.path, entry);
    }
  }
  const kindsOf = (kinds: string[]) =>
    kinds.map(kind => `\`${kind}\``).join(', ');
  for (const { field, kinds, descriptions } of merged.values()) {
    let description = [...descriptions.keys()][0];
    if (field.path === `${path}.type`) {
      description = variants
        .map(variant => `\`${variantName(variant)}\`: ${variant.description}`)
        .join(' ');
    } else if (descriptions.size > 1) {
      description = [...descriptions]
        .map(([text, withKinds]) => `With ${kindsOf(withKinds)}: ${text}`)
        .join(' ');
    }
    fields.push({
      ...field,
      description,
      // A field that every kind has needs no note of the kinds.
      only: kinds.length === variants.length ? undefined : kinds,
    });
  }
}

/**
 * Every field of driver.styrmin.yml in document order, from the zod schemas: the source
 * of the generated Driver API reference.
 *
 * @public
 */
export function driverSpecFields(): DriverSpecField[] {
  const schema = z.toJSONSchema(DriverSpec, { io: 'input' }) as JsonSchema;
  const fields: DriverSpecField[] = [];
  collect(schema, '', fields);
  return fields;
}
