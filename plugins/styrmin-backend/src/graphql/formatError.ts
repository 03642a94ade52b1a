import { LoggerService } from '@backstage/backend-plugin-api';
import {
  StyrminError,
  StyrminErrorCode,
  StyrminProblem,
} from '@styrmin/plugin-styrmin-common';
import { GraphQLError, GraphQLFormattedError } from 'graphql';

/**
 * The `extensions` of every error the Styrmin API returns.
 *
 * @internal
 */
export type StyrminGraphQLErrorExtensions = {
  code: StyrminErrorCode;
  /** The input field at fault, for example `components.server.replicas`. */
  field?: string;
  /** With `VALIDATION_FAILED` of a document (a driver): every problem found in it. */
  problems?: StyrminProblem[];
};

/**
 * The @backstage/errors classes by name. Several copies of @backstage/errors can be
 * installed side by side, so `instanceof` would miss some; Backstage's own error handler
 * matches names for the same reason.
 */
const CODE_BY_BACKSTAGE_ERROR_NAME = new Map<string, StyrminErrorCode>([
  ['InputError', 'VALIDATION_FAILED'],
  ['NotFoundError', 'NOT_FOUND'],
  ['NotAllowedError', 'FORBIDDEN'],
  ['ConflictError', 'CONFLICT'],
  ['AuthenticationError', 'UNAUTHENTICATED'],
  ['ServiceUnavailableError', 'UNAVAILABLE'],
]);

const INTERNAL_MESSAGE =
  'The Styrmin server failed unexpectedly; the details are in its log';

/**
 * Options of {@link createErrorFormatter}.
 *
 * @internal
 */
export type CreateErrorFormatterOptions = {
  logger: LoggerService;
};

/**
 * Creates the function that turns every GraphQL error into what the client sees: a message
 * and a {@link StyrminErrorCode} in `extensions.code`. Errors the server did not expect are
 * logged and answered with a generic message, so no internal detail (SQL, stack, config)
 * reaches the client.
 *
 * @internal
 */
export function createErrorFormatter(
  options: CreateErrorFormatterOptions,
): (error: GraphQLError) => GraphQLFormattedError {
  const { logger } = options;
  return function formatError(error) {
    const { originalError } = error;
    // graphql-js raised it itself: the document does not parse, does not validate against
    // the schema, or names an operation or variables that do not fit (a variable's value
    // that its type refuses keeps the scalar's GraphQLError as its cause, and no path,
    // since no field ran). The message describes the request, not the server.
    if (
      !originalError ||
      (originalError instanceof GraphQLError && error.path === undefined)
    ) {
      return toFormatted(error, error.message, { code: 'VALIDATION_FAILED' });
    }
    if (originalError instanceof StyrminError) {
      const { code, field, problems } = originalError;
      return toFormatted(error, error.message, {
        code,
        ...(field && { field }),
        ...(problems && { problems }),
      });
    }
    const code = CODE_BY_BACKSTAGE_ERROR_NAME.get(originalError.name);
    if (code) {
      return toFormatted(error, error.message, { code });
    }
    const where = error.path ? `field ${error.path.join('.')}` : 'request';
    logger.error(`Styrmin GraphQL ${where} failed`, originalError);
    return toFormatted(error, INTERNAL_MESSAGE, { code: 'INTERNAL' });
  };
}

/** Keeps where the error happened, but never the original's own extensions. */
function toFormatted(
  error: GraphQLError,
  message: string,
  extensions: StyrminGraphQLErrorExtensions,
): GraphQLFormattedError {
  return {
    message,
    ...(error.locations && { locations: error.locations }),
    ...(error.path && { path: error.path }),
    extensions,
  };
}
