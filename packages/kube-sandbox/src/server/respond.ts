import { ServerResponse } from 'node:http';
import { ApiError } from '../api/ApiError';

/** Responses as the apiserver writes them: JSON with its length, errors as Status objects. */

export function notFound(): never {
  throw ApiError.pathNotFound();
}

export function respondJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-cache, private',
    ...headers,
  });
  response.end(text);
}

export function respondWithError(
  response: ServerResponse,
  error: unknown,
): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const apiError =
    error instanceof ApiError
      ? error
      : ApiError.internal((error as Error)?.message ?? String(error));
  const retryAfter = apiError.status.details?.retryAfterSeconds;
  respondJson(
    response,
    apiError.code,
    apiError.status,
    // The apiserver sends both: clients read the header, kubectl the details.
    retryAfter === undefined ? {} : { 'Retry-After': String(retryAfter) },
  );
}
