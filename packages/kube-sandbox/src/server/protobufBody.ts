import { ApiError } from '../api/ApiError';
import { KubeObject } from '../store/types';
import { JsonMap } from '../util/json';

/*
 * The protobuf bodies kubectl's typed clients send (`kubectl create namespace|configmap|secret|
 * serviceaccount`) and the DeleteOptions of typed clients' deletes (helm uninstall), decoded for
 * the few kinds they cover: the `k8s\0` envelope around a runtime.Unknown (typeMeta, raw,
 * contentEncoding, contentType), then the object in `raw` with the field numbers of k8s.io/api's
 * and apimachinery's generated.proto.
 * Zero values of plain fields are dropped (protobuf writes them; JSON omits them); pointer
 * fields keep theirs. Other kinds answer 415: send JSON or YAML for them.
 */

type Scalar = 'string' | 'bytes' | 'int' | 'bool';

interface Field {
  name: string;
  type: Scalar | Schema | { map: 'string' | 'bytes' };
  repeated?: boolean;
  /** A pointer in Go: an explicit zero is a value. */
  keepZero?: boolean;
}

type Schema = Record<number, Field>;

const OWNER_REFERENCE: Schema = {
  1: { name: 'kind', type: 'string' },
  3: { name: 'name', type: 'string' },
  4: { name: 'uid', type: 'string' },
  5: { name: 'apiVersion', type: 'string' },
  6: { name: 'controller', type: 'bool', keepZero: true },
  7: { name: 'blockOwnerDeletion', type: 'bool', keepZero: true },
};

const OBJECT_META: Schema = {
  1: { name: 'name', type: 'string' },
  2: { name: 'generateName', type: 'string' },
  3: { name: 'namespace', type: 'string' },
  6: { name: 'resourceVersion', type: 'string' },
  11: { name: 'labels', type: { map: 'string' } },
  12: { name: 'annotations', type: { map: 'string' } },
  13: { name: 'ownerReferences', type: OWNER_REFERENCE, repeated: true },
  14: { name: 'finalizers', type: 'string', repeated: true },
};

const NAME_REFERENCE: Schema = { 1: { name: 'name', type: 'string' } };

const RESOURCE_ATTRIBUTES: Schema = {
  1: { name: 'namespace', type: 'string' },
  2: { name: 'verb', type: 'string' },
  3: { name: 'group', type: 'string' },
  4: { name: 'version', type: 'string' },
  5: { name: 'resource', type: 'string' },
  6: { name: 'subresource', type: 'string' },
  7: { name: 'name', type: 'string' },
};

const KINDS: Record<string, Schema> = {
  'v1/Namespace': {
    1: { name: 'metadata', type: OBJECT_META },
    2: {
      name: 'spec',
      type: { 1: { name: 'finalizers', type: 'string', repeated: true } },
    },
  },
  'v1/ConfigMap': {
    1: { name: 'metadata', type: OBJECT_META },
    2: { name: 'data', type: { map: 'string' } },
    3: { name: 'binaryData', type: { map: 'bytes' } },
    4: { name: 'immutable', type: 'bool', keepZero: true },
  },
  'v1/Secret': {
    1: { name: 'metadata', type: OBJECT_META },
    2: { name: 'data', type: { map: 'bytes' } },
    3: { name: 'type', type: 'string' },
    4: { name: 'stringData', type: { map: 'string' } },
    5: { name: 'immutable', type: 'bool', keepZero: true },
  },
  'authorization.k8s.io/v1/SelfSubjectAccessReview': {
    1: { name: 'metadata', type: OBJECT_META },
    2: {
      name: 'spec',
      type: {
        1: { name: 'resourceAttributes', type: RESOURCE_ATTRIBUTES },
        2: {
          name: 'nonResourceAttributes',
          type: {
            1: { name: 'path', type: 'string' },
            2: { name: 'verb', type: 'string' },
          },
        },
      },
    },
  },
  'authorization.k8s.io/v1/SelfSubjectRulesReview': {
    1: { name: 'metadata', type: OBJECT_META },
    2: { name: 'spec', type: { 1: { name: 'namespace', type: 'string' } } },
  },
  'v1/ServiceAccount': {
    1: { name: 'metadata', type: OBJECT_META },
    2: { name: 'secrets', type: NAME_REFERENCE, repeated: true },
    3: { name: 'imagePullSecrets', type: NAME_REFERENCE, repeated: true },
    4: { name: 'automountServiceAccountToken', type: 'bool', keepZero: true },
  },
};

/** meta/v1 DeleteOptions, which typed clients send with every delete. */
const DELETE_OPTIONS: Schema = {
  1: { name: 'gracePeriodSeconds', type: 'int', keepZero: true },
  2: {
    name: 'preconditions',
    type: {
      1: { name: 'uid', type: 'string' },
      2: { name: 'resourceVersion', type: 'string' },
    },
  },
  3: { name: 'orphanDependents', type: 'bool', keepZero: true },
  4: { name: 'propagationPolicy', type: 'string' },
  5: { name: 'dryRun', type: 'string', repeated: true },
};

const UNKNOWN: Schema = {
  1: {
    name: 'typeMeta',
    type: {
      1: { name: 'apiVersion', type: 'string' },
      2: { name: 'kind', type: 'string' },
    },
  },
  2: { name: 'raw', type: 'bytes' },
};

interface WireField {
  number: number;
  /** A varint or fixed number, or the bytes of a length-delimited field. */
  value: number | Buffer;
}

function readFields(buffer: Buffer): WireField[] {
  const fields: WireField[] = [];
  let offset = 0;
  const varint = () => {
    let result = 0;
    let shift = 0;
    for (;;) {
      const byte = buffer[offset++];
      result += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) {
        return result;
      }
      shift += 7;
    }
  };
  while (offset < buffer.length) {
    const key = varint();
    const number = Math.floor(key / 8);
    switch (key % 8) {
      case 0:
        fields.push({ number, value: varint() });
        break;
      case 1:
        fields.push({ number, value: Number(buffer.readBigUInt64LE(offset)) });
        offset += 8;
        break;
      case 2: {
        const length = varint();
        fields.push({
          number,
          value: buffer.subarray(offset, offset + length),
        });
        offset += length;
        break;
      }
      case 5:
        fields.push({ number, value: buffer.readUInt32LE(offset) });
        offset += 4;
        break;
      default:
        throw new Error(`unsupported protobuf wire type ${key % 8}`);
    }
  }
  return fields;
}

function scalar(type: Scalar | 'bytes', value: number | Buffer): unknown {
  switch (type) {
    case 'string':
      return (value as Buffer).toString('utf8');
    case 'bytes':
      return (value as Buffer).toString('base64');
    case 'bool':
      return value !== 0;
    default:
      return value;
  }
}

function decodeMessage(buffer: Buffer, schema: Schema): JsonMap {
  const result: JsonMap = {};
  for (const { number, value } of readFields(buffer)) {
    const field = schema[number];
    if (!field) {
      continue;
    }
    const { type } = field;
    if (typeof type === 'object' && 'map' in type) {
      const entry = readFields(value as Buffer);
      const key = entry.find(e => e.number === 1)?.value;
      const item = entry.find(e => e.number === 2)?.value ?? Buffer.alloc(0);
      result[field.name] = {
        ...result[field.name],
        [key ? (key as Buffer).toString('utf8') : '']: scalar(type.map, item),
      };
      continue;
    }
    const decoded: unknown =
      typeof type === 'object'
        ? decodeMessage(value as Buffer, type)
        : scalar(type, value);
    const zero =
      decoded === '' ||
      decoded === 0 ||
      decoded === false ||
      (typeof decoded === 'object' &&
        Object.keys(decoded as object).length === 0);
    if (zero && !field.keepZero && !field.repeated) {
      continue;
    }
    if (field.repeated) {
      result[field.name] = [...(result[field.name] ?? []), decoded];
    } else {
      result[field.name] = decoded;
    }
  }
  return result;
}

const MAGIC = Buffer.from([0x6b, 0x38, 0x73, 0x00]);

/** The `k8s\0` envelope's runtime.Unknown: the object's type and its encoded bytes. */
function openEnvelope(body: Buffer): {
  apiVersion?: string;
  kind?: string;
  raw: Buffer;
} {
  if (!body.subarray(0, 4).equals(MAGIC)) {
    throw ApiError.badRequest(
      'the protobuf body does not start with the Kubernetes envelope',
    );
  }
  const unknown = decodeMessage(body.subarray(4), UNKNOWN);
  const { apiVersion, kind } = unknown.typeMeta ?? {};
  return {
    apiVersion,
    kind,
    raw: Buffer.from(String(unknown.raw ?? ''), 'base64'),
  };
}

/** An object from a `application/vnd.kubernetes.protobuf` body, or a 415 for kinds it cannot read. */
export function decodeProtobufObject(body: Buffer): KubeObject {
  const { apiVersion, kind, raw } = openEnvelope(body);
  const schema = KINDS[`${apiVersion}/${kind}`];
  if (!schema) {
    throw ApiError.unsupportedMediaType(
      ['application/json', 'application/yaml'],
      'kube-sandbox reads protobuf only for Namespaces, ConfigMaps, Secrets and ServiceAccounts',
    );
  }
  return { apiVersion, kind, ...decodeMessage(raw, schema) } as KubeObject;
}

/** The DeleteOptions of a protobuf DELETE body (helm's uninstall sends them so). */
export function decodeProtobufDeleteOptions(body: Buffer): JsonMap {
  const { kind, raw } = openEnvelope(body);
  if (kind !== 'DeleteOptions') {
    throw ApiError.badRequest(
      `the body of a delete must be DeleteOptions, not ${kind}`,
    );
  }
  return decodeMessage(raw, DELETE_OPTIONS);
}
