import { ApiError } from './ApiError';

/** What a `continue` token carries: the list's snapshot and the key after which to go on. */
export interface ContinuePosition {
  resourceVersion: number;
  /** `<namespace>/<name>` of the last object returned. */
  after: string;
}

/** The apiserver's token format: base64 of `{"v":"meta.k8s.io/v1","rv":…,"start":…}`. */
export function encodeContinue(position: ContinuePosition): string {
  return Buffer.from(
    JSON.stringify({
      v: 'meta.k8s.io/v1',
      rv: position.resourceVersion,
      start: `${position.after}\u0000`,
    }),
  ).toString('base64url');
}

export function decodeContinue(token: string): ContinuePosition {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (
      parsed.v !== 'meta.k8s.io/v1' ||
      typeof parsed.rv !== 'number' ||
      typeof parsed.start !== 'string'
    ) {
      throw new Error('unexpected content');
    }
    const start: string = parsed.start;
    return {
      resourceVersion: parsed.rv,
      after: start.endsWith('\u0000') ? start.slice(0, -1) : start,
    };
  } catch {
    throw ApiError.badRequest(`continue key is not valid: ${token}`);
  }
}
