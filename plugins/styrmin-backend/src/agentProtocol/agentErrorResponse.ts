import { LoggerService } from '@backstage/backend-plugin-api';
import { isError } from '@backstage/errors';
import { StyrminError, StyrminErrorCode } from '@styrmin/plugin-styrmin-common';
import express from 'express';

/**
 * The body of every refused agent-protocol call.
 *
 * @internal
 */
export type AgentErrorBody = {
  error: { code: StyrminErrorCode; message: string };
};

/** HTTP status and code of each error class the handlers throw, by `name`. */
const KNOWN_ERRORS: Record<string, { status: number; code: StyrminErrorCode }> =
  {
    InputError: { status: 400, code: 'VALIDATION_FAILED' },
    AuthenticationError: { status: 401, code: 'UNAUTHENTICATED' },
    NotAllowedError: { status: 403, code: 'FORBIDDEN' },
    NotFoundError: { status: 404, code: 'NOT_FOUND' },
    ConflictError: { status: 409, code: 'CONFLICT' },
    PayloadTooLargeError: { status: 413, code: 'VALIDATION_FAILED' },
    ServiceUnavailableError: { status: 503, code: 'UNAVAILABLE' },
  };

/** The HTTP status of each code a StyrminError may carry. */
const STATUS_OF_CODE: Partial<Record<StyrminErrorCode, number>> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/**
 * The status and body an error is answered with: the domain errors with their code, the
 * body parser's own (malformed JSON 400, too large 413), and anything else as INTERNAL with
 * a generic message, the error going to the log.
 *
 * @internal
 */
export function agentErrorResponse(
  error: unknown,
  logger: LoggerService,
): { status: number; body: AgentErrorBody } {
  const answer = (status: number, code: StyrminErrorCode, message: string) => ({
    status,
    body: { error: { code, message } },
  });
  if (error instanceof StyrminError) {
    return answer(STATUS_OF_CODE[error.code] ?? 400, error.code, error.message);
  }
  if (isError(error) && KNOWN_ERRORS[error.name]) {
    const { status, code } = KNOWN_ERRORS[error.name];
    return answer(status, code, error.message);
  }
  if (isBodyParserError(error)) {
    return answer(
      error.status,
      'VALIDATION_FAILED',
      error.status === 413
        ? 'The request body is larger than 1 MiB'
        : error.message,
    );
  }
  logger.error('Agent protocol call failed', toLoggable(error));
  return answer(
    500,
    'INTERNAL',
    'The server failed to handle the call; the details are in its log',
  );
}

/** An express error handler that answers with {@link agentErrorResponse}. */
export function agentErrorHandler(logger: LoggerService) {
  return (
    error: unknown,
    _req: express.Request,
    res: express.Response,
    next: express.NextFunction,
  ) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const { status, body } = agentErrorResponse(error, logger);
    res.status(status).json(body);
  };
}

/** body-parser's client errors: `expose` marks a message that is safe to return. */
function isBodyParserError(
  error: unknown,
): error is { status: number; message: string } {
  const candidate = error as Record<string, unknown> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.type === 'string' &&
    candidate.expose === true &&
    typeof candidate.status === 'number' &&
    typeof candidate.message === 'string'
  );
}

function toLoggable(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
