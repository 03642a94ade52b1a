import { applyPatch, JsonPatchError, Operation } from 'fast-json-patch';
import { ApiError } from '../ApiError';

/**
 * RFC 6902 JSON patch. A body that is not a list of operations is a 400; an operation that
 * cannot apply (a failed `test`, a missing path) is a 422 worded as the apiserver's library
 * (evanphx/json-patch) words it.
 */
export function jsonPatch(document: unknown, patch: unknown): unknown {
  if (!Array.isArray(patch)) {
    throw ApiError.badRequest(
      'json: cannot unmarshal object into Go value of type jsonpatch.Patch',
    );
  }
  try {
    return applyPatch(
      structuredClone(document),
      patch as Operation[],
      true,
      true,
    ).newDocument;
  } catch (error) {
    if (!(error instanceof JsonPatchError)) {
      throw error;
    }
    const operation = error.operation as Operation | undefined;
    const path = operation?.path ?? '';
    if (error.name === 'TEST_OPERATION_FAILED') {
      throw ApiError.unprocessable(
        `testing value ${path} failed: test operation failed`,
      );
    }
    if (error.name.endsWith('_UNRESOLVABLE')) {
      throw ApiError.unprocessable(
        `${operation?.op} operation does not apply: doc is missing path: "${path}": missing value`,
      );
    }
    throw ApiError.unprocessable(
      `invalid JSON patch operation: ${error.message.split('\n')[0]}`,
    );
  }
}
