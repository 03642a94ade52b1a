import { KubeObject } from '../store/types';
import { clone, deepEqual, isPlainObject, JsonMap } from '../util/json';
import { invalid, notSupported, required } from './fieldErrors';
import { StatusCause } from './ResourceType';

/*
 * A CRD version's `openAPIV3Schema` applied to custom resources as the apiextensions-apiserver
 * applies it: unknown fields are pruned (unless `x-kubernetes-preserve-unknown-fields`),
 * `null` is dropped where the schema is not `nullable`, `default`s are set, and the object is
 * validated (types, `required`, `enum`, bounds, lengths, `pattern`, items) into 422 causes
 * worded as kube-openapi words them, with field paths like `spec.replicas` and
 * `spec.services[0].port`. Updates are ratcheted (Kubernetes 1.33+): a value that did not
 * change is not reported again. `apiVersion`, `kind` and `metadata` at the root, and in
 * `x-kubernetes-embedded-resource` objects, are the apiserver's own and never pruned.
 */

export type Schema = JsonMap;

const OBJECT_META = ['apiVersion', 'kind', 'metadata'];
const PRESERVED: Schema = { 'x-kubernetes-preserve-unknown-fields': true };

function childSchema(schema: Schema, key: string): Schema | undefined {
  if (schema.properties?.[key]) {
    return schema.properties[key];
  }
  if (isPlainObject(schema.additionalProperties)) {
    return schema.additionalProperties;
  }
  // Unknown fields under a preserving node are kept whole, nested ones included.
  return schema.additionalProperties === true ||
    schema['x-kubernetes-preserve-unknown-fields']
    ? PRESERVED
    : undefined;
}

/** Prunes, drops nulls and defaults, in place; `value` is a mutable copy. */
function normalize(value: unknown, schema: Schema, root: boolean): unknown {
  if (Array.isArray(value) && schema.items) {
    return value.map(item => normalize(item, schema.items, false));
  }
  if (!isPlainObject(value)) {
    return value;
  }
  const keepMeta = root || schema['x-kubernetes-embedded-resource'];
  for (const key of Object.keys(value)) {
    if (keepMeta && OBJECT_META.includes(key)) {
      continue;
    }
    const child = childSchema(schema, key);
    if (!child) {
      delete value[key];
    } else if (value[key] === null && !child.nullable) {
      delete value[key];
    } else {
      value[key] = normalize(value[key], child, false);
    }
  }
  for (const [key, property] of Object.entries<Schema>(
    schema.properties ?? {},
  )) {
    if (value[key] === undefined && property.default !== undefined) {
      value[key] = normalize(clone(property.default), property, false);
    }
  }
  return value;
}

/** Prunes unknown fields, drops non-nullable nulls and sets defaults (in place). */
export function pruneAndDefault(object: KubeObject, schema: Schema): void {
  normalize(object, schema, true);
}

function typeOf(value: unknown): string {
  if (value === null) {
    return 'null';
  }
  if (Array.isArray(value)) {
    return 'array';
  }
  if (typeof value === 'number') {
    return Number.isInteger(value) ? 'integer' : 'number';
  }
  return typeof value;
}

function hasType(value: unknown, schema: Schema): boolean {
  const actual = typeOf(value);
  if (schema['x-kubernetes-int-or-string']) {
    return actual === 'integer' || actual === 'string';
  }
  switch (schema.type) {
    case undefined:
      return true;
    case 'number':
      return actual === 'number' || actual === 'integer';
    default:
      return actual === schema.type;
  }
}

interface Cause extends StatusCause {
  path: Array<string | number>;
}

function fieldOf(path: Array<string | number>): string {
  return path
    .map(part => (typeof part === 'number' ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '');
}

function check(
  value: unknown,
  schema: Schema,
  path: Array<string | number>,
  causes: Cause[],
): void {
  const field = fieldOf(path);
  const add = (cause: StatusCause) => causes.push({ ...cause, path });
  if (value === null && schema.nullable) {
    return;
  }
  if (!hasType(value, schema)) {
    add({
      ...invalid(
        field,
        typeOf(value),
        `${field} in body must be of type ${schema.type}: "${typeOf(value)}"`,
      ),
      reason: 'FieldValueTypeInvalid',
    });
    return;
  }
  if (schema.enum && !schema.enum.some((e: unknown) => deepEqual(e, value))) {
    add(notSupported(field, value, schema.enum.map(String)));
  }
  if (typeof value === 'number') {
    const bound = (limit: number | undefined, exclusive: boolean, op: string) =>
      limit !== undefined &&
      add(
        invalid(
          field,
          value,
          `${field} in body should be ${op}${
            exclusive ? '' : ' or equal to'
          } ${limit}`,
        ),
      );
    if (
      schema.minimum !== undefined &&
      (schema.exclusiveMinimum
        ? value <= schema.minimum
        : value < schema.minimum)
    ) {
      bound(schema.minimum, !!schema.exclusiveMinimum, 'greater than');
    }
    if (
      schema.maximum !== undefined &&
      (schema.exclusiveMaximum
        ? value >= schema.maximum
        : value > schema.maximum)
    ) {
      bound(schema.maximum, !!schema.exclusiveMaximum, 'less than');
    }
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) {
      add(
        invalid(
          field,
          value,
          `${field} in body should be at least ${schema.minLength} chars long`,
        ),
      );
    }
    if (schema.maxLength !== undefined && length > schema.maxLength) {
      add({
        reason: 'FieldValueTooLong',
        message: `Too long: may not be more than ${schema.maxLength} bytes`,
        field,
      });
    }
    if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value)) {
      add(
        invalid(
          field,
          value,
          `${field} in body should match '${schema.pattern}'`,
        ),
      );
    }
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) {
      add(
        invalid(
          field,
          value,
          `${field} in body should have at least ${schema.minItems} items`,
        ),
      );
    }
    if (schema.maxItems !== undefined && value.length > schema.maxItems) {
      add({
        reason: 'FieldValueTooMany',
        message: `Too many: ${value.length}: must have at most ${schema.maxItems} items`,
        field,
      });
    }
    if (schema.items) {
      value.forEach((item, i) =>
        check(item, schema.items, [...path, i], causes),
      );
    }
  }
  if (isPlainObject(value)) {
    for (const name of schema.required ?? []) {
      if (value[name] === undefined) {
        add(required(fieldOf([...path, name])));
      }
    }
    for (const [key, item] of Object.entries(value)) {
      const child =
        schema.properties?.[key] ??
        (isPlainObject(schema.additionalProperties)
          ? schema.additionalProperties
          : undefined);
      if (child && !(path.length === 0 && key === 'metadata')) {
        check(item, child, [...path, key], causes);
      }
    }
  }
}

function valueAt(object: unknown, path: Array<string | number>): unknown {
  return path.reduce<any>((at, part) => at?.[part], object);
}

/**
 * The 422 causes of an object against the schema; on updates, causes about values that `old`
 * had already are left out (validation ratcheting).
 */
export function validateSchema(
  object: KubeObject,
  schema: Schema,
  old?: KubeObject,
): StatusCause[] {
  const causes: Cause[] = [];
  check(object, schema, [], causes);
  return causes
    .filter(
      cause =>
        !old ||
        cause.reason === 'FieldValueRequired' ||
        !deepEqual(valueAt(object, cause.path), valueAt(old, cause.path)),
    )
    .map(({ path: _path, ...cause }) => cause);
}
