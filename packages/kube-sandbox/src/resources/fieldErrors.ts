import { StatusCause } from './ResourceType';

/*
 * Field errors as k8s.io/apimachinery/pkg/util/validation/field words them; a 422's message
 * joins `<field>: <message>` of every cause. Values print as JSON where Go prints Go syntax.
 */

function show(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

export function required(field: string, detail = ''): StatusCause {
  return {
    reason: 'FieldValueRequired',
    message: detail ? `Required value: ${detail}` : 'Required value',
    field,
  };
}

export function invalid(
  field: string,
  value: unknown,
  detail: string,
): StatusCause {
  return {
    reason: 'FieldValueInvalid',
    message: `Invalid value: ${show(value)}: ${detail}`,
    field,
  };
}

export function forbidden(field: string, detail: string): StatusCause {
  return {
    reason: 'FieldValueForbidden',
    message: `Forbidden: ${detail}`,
    field,
  };
}

export function notSupported(
  field: string,
  value: unknown,
  supported: string[],
): StatusCause {
  return {
    reason: 'FieldValueNotSupported',
    message: `Unsupported value: ${show(value)}: supported values: ${supported
      .map(s => `"${s}"`)
      .join(', ')}`,
    field,
  };
}

export function duplicate(field: string, value: unknown): StatusCause {
  return {
    reason: 'FieldValueDuplicate',
    message: `Duplicate value: ${show(value)}`,
    field,
  };
}

/** The cause for a field that may not change after create. */
export function immutable(field: string, value: unknown): StatusCause {
  return invalid(field, value, 'field is immutable');
}

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN =
  /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** How a resource's names are checked. */
export type NameRule = 'subdomain' | 'label' | 'pathSegment';

export function validateName(
  field: string,
  name: string,
  rule: NameRule,
): StatusCause[] {
  switch (rule) {
    case 'label':
      return DNS1123_LABEL.test(name) && name.length <= 63
        ? []
        : [
            invalid(
              field,
              name,
              `a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
            ),
          ];
    case 'subdomain':
      return DNS1123_SUBDOMAIN.test(name) && name.length <= 253
        ? []
        : [
            invalid(
              field,
              name,
              `a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
            ),
          ];
    default:
      return name === '.' || name === '..' || /[/%]/.test(name)
        ? [
            invalid(
              field,
              name,
              `may not be '.' or '..' and may not contain '/' or '%'`,
            ),
          ]
        : [];
  }
}
