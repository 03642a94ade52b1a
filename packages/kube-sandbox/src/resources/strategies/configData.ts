import { KubeObject } from '../../store/types';
import { deepEqual } from '../../util/json';
import { forbidden, immutable, invalid } from '../fieldErrors';
import { ResourceStrategy, StatusCause } from '../ResourceType';

const KEY_PATTERN = /^[-._a-zA-Z0-9]+$/;

function validateKeys(object: KubeObject, fields: string[]): StatusCause[] {
  const causes: StatusCause[] = [];
  for (const field of fields) {
    for (const key of Object.keys(object[field] ?? {})) {
      if (!KEY_PATTERN.test(key)) {
        causes.push(
          invalid(
            `${field}[${key}]`,
            key,
            "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
          ),
        );
      }
    }
  }
  return causes;
}

/** With `immutable: true` set, the data fields and the flag itself are frozen. */
function validateImmutable(
  object: KubeObject,
  old: KubeObject | undefined,
  fields: string[],
): StatusCause[] {
  if (!old?.immutable) {
    return [];
  }
  const causes: StatusCause[] = [];
  if (!object.immutable) {
    causes.push(
      forbidden('immutable', 'field is immutable when `immutable` is set'),
    );
  }
  for (const field of fields) {
    if (!deepEqual(object[field], old[field])) {
      causes.push(
        forbidden(field, 'field is immutable when `immutable` is set'),
      );
    }
  }
  return causes;
}

export const configMapStrategy: ResourceStrategy = {
  validate(configMap, old) {
    const fields = ['data', 'binaryData'];
    return [
      ...validateKeys(configMap, fields),
      ...validateImmutable(configMap, old, fields),
    ];
  },
};

export const secretStrategy: ResourceStrategy = {
  applyDefaults(secret) {
    secret.type ??= 'Opaque';
    // The API's conversion folds the write-only stringData into data.
    if (secret.stringData) {
      secret.data = { ...secret.data };
      for (const [key, value] of Object.entries(secret.stringData)) {
        secret.data[key] = Buffer.from(String(value)).toString('base64');
      }
      delete secret.stringData;
    }
  },
  validate(secret, old) {
    const causes = [
      ...validateKeys(secret, ['data']),
      ...validateImmutable(secret, old, ['data']),
    ];
    if (old && secret.type !== old.type) {
      causes.push(immutable('type', secret.type));
    }
    return causes;
  },
};
