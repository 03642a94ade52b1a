import { IncomingMessage } from 'node:http';
import { parse as parseYaml } from 'yaml';
import { ApiError } from '../api/ApiError';
import { PatchType } from '../api/types';
import {
  decodeProtobufDeleteOptions,
  decodeProtobufObject,
} from './protobufBody';

/** The apiserver's request size limit (3 MiB), so oversized objects fail as they would there. */
const MAX_BODY_BYTES = 3 * 1024 * 1024;

export async function readRequestBody(
  request: IncomingMessage,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      throw new ApiError({
        message: 'Request entity too large: limit is 3145728',
        reason: 'RequestEntityTooLarge',
        code: 413,
      });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/**
 * A create or update body: JSON, YAML (as curl may send it), or protobuf for the kinds
 * kubectl's typed clients send that way and the sandbox reads.
 */
export function decodeObjectBody(
  body: Buffer,
  contentType: string | undefined,
): unknown {
  const type = mediaType(contentType);
  if (type === 'application/vnd.kubernetes.protobuf') {
    return decodeProtobufObject(body);
  }
  try {
    if (type === '' || type === 'application/json') {
      return JSON.parse(body.toString('utf8'));
    }
    if (type === 'application/yaml') {
      return parseYaml(body.toString('utf8'));
    }
  } catch (error) {
    throw ApiError.badRequest(
      `the body of the request could not be decoded: ${
        (error as Error).message
      }`,
    );
  }
  throw ApiError.unsupportedMediaType(['application/json', 'application/yaml']);
}

/** DeleteOptions in a DELETE body (optional): JSON, or protobuf from typed clients. */
export function decodeOptionalBody(
  body: Buffer,
  contentType: string | undefined,
): Record<string, any> {
  if (
    body.length > 0 &&
    mediaType(contentType) === 'application/vnd.kubernetes.protobuf'
  ) {
    return decodeProtobufDeleteOptions(body);
  }
  const text = body.toString('utf8');
  if (!text.trim()) {
    return {};
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw ApiError.badRequest(
      `the body of the request could not be decoded: ${
        (error as Error).message
      }`,
    );
  }
}

const PATCH_TYPES: Record<string, PatchType> = {
  'application/json-patch+json': 'json',
  'application/merge-patch+json': 'merge',
  'application/strategic-merge-patch+json': 'strategic',
  'application/apply-patch+yaml': 'apply',
  'application/apply-patch+cbor': 'apply',
};

/** The patch type of a PATCH request's Content-Type; 415 for anything else. */
export function patchTypeOf(
  contentType: string | undefined,
  strategicAllowed: boolean,
): PatchType {
  const patchType = PATCH_TYPES[mediaType(contentType)];
  if (!patchType || (patchType === 'strategic' && !strategicAllowed)) {
    throw ApiError.unsupportedMediaType([
      'application/json-patch+json',
      'application/merge-patch+json',
      'application/apply-patch+yaml',
      ...(strategicAllowed ? ['application/strategic-merge-patch+json'] : []),
    ]);
  }
  return patchType;
}

export function decodePatchBody(body: Buffer, patchType: PatchType): unknown {
  const text = body.toString('utf8');
  try {
    // An apply body is YAML (client-node sends JSON, which is YAML too).
    return patchType === 'apply' ? parseYaml(text) : JSON.parse(text);
  } catch (error) {
    throw ApiError.badRequest(
      `error decoding patch: ${(error as Error).message}`,
    );
  }
}
