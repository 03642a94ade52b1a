import { StyrminErrorCode } from '@styrmin/plugin-styrmin-common';
import { StyrminApiError } from '../StyrminApiError';

// How the agent protocol's answers and failures become results and coded errors.

/** Statuses that mean no Styrmin agent endpoint answered: a gateway or proxy in front of it. */
const UNAVAILABLE_STATUSES = new Set([408, 429, 502, 503, 504]);

/** The code a status means when the body carries none (a proxy, Backstage itself). */
const CODE_OF_STATUS: Record<number, StyrminErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'VALIDATION_FAILED',
};

export function toApiError(
  url: string,
  response: Response,
  json: unknown,
): StyrminApiError {
  const error = isRecord(json) && isRecord(json.error) ? json.error : undefined;
  const bodyCode = error?.code;
  const message =
    typeof error?.message === 'string' && error.message
      ? error.message
      : `${url} answered HTTP ${response.status}${
          response.statusText ? ` ${response.statusText}` : ''
        }`;
  let code: StyrminErrorCode;
  if (StyrminErrorCode.is(bodyCode)) {
    code = bodyCode;
  } else if (UNAVAILABLE_STATUSES.has(response.status) || response.ok) {
    code = 'UNAVAILABLE';
  } else {
    code = CODE_OF_STATUS[response.status] ?? 'INTERNAL';
  }
  return new StyrminApiError({ code, message, status: response.status });
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) {
    bytes[i] = binary.charCodeAt(i);
  }
  return bytes;
}

export function describeFailure(error: unknown): string {
  if (error instanceof Error && error.name === 'AbortError') {
    return 'the call was aborted';
  }
  const reason = error instanceof Error ? error.cause ?? error : error;
  return reason instanceof Error ? reason.message : String(reason);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
