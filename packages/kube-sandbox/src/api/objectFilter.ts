import { ResourceType } from '../resources/ResourceType';
import { FieldSelector } from '../store/FieldSelector';
import { LabelSelector } from '../store/LabelSelector';
import { KubeObject } from '../store/types';
import { ApiError } from './ApiError';

/** A request's label and field selectors, checked against what the resource supports. */
export interface ObjectFilter {
  readonly isEverything: boolean;
  matches(object: KubeObject): boolean;
}

/** The fields a field selector can read on an object of this type. */
function objectFields(
  type: ResourceType,
  object: KubeObject,
): Record<string, string> {
  const fields: Record<string, string> = {
    'metadata.name': object.metadata.name ?? '',
    'metadata.namespace': object.metadata.namespace ?? '',
  };
  for (const [field, read] of Object.entries(type.fieldLabels)) {
    const value = read(object);
    if (value !== undefined) {
      fields[field] = value;
    }
  }
  return fields;
}

/** Parses both selectors; a bad one or an unsupported field is a 400 as the apiserver says it. */
export function objectFilter(
  type: ResourceType,
  selectors: { labelSelector?: string; fieldSelector?: string },
): ObjectFilter {
  let labels: LabelSelector;
  let fields: FieldSelector;
  try {
    labels = LabelSelector.parse(selectors.labelSelector);
    fields = FieldSelector.parse(selectors.fieldSelector);
  } catch (error) {
    throw ApiError.badRequest((error as Error).message);
  }
  const supported = new Set([
    'metadata.name',
    'metadata.namespace',
    ...Object.keys(type.fieldLabels),
  ]);
  for (const field of fields.fields) {
    if (!supported.has(field)) {
      throw ApiError.badRequest(`field label not supported: ${field}`);
    }
  }
  return {
    isEverything: labels.isEverything && fields.isEverything,
    matches: object =>
      labels.matches(object.metadata.labels) &&
      (fields.isEverything || fields.matches(objectFields(type, object))),
  };
}
