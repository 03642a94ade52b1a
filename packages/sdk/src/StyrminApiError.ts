import {
  StyrminErrorCode,
  StyrminProblem,
} from '@styrmin/plugin-styrmin-common';

/**
 * One entry of the `errors` list of a Styrmin GraphQL answer.
 *
 * @public
 */
export interface StyrminGraphQLError {
  message: string;
  path?: ReadonlyArray<string | number>;
  extensions?: {
    /** A {@link @styrmin/plugin-styrmin-common#StyrminErrorCode}, as the server sets it. */
    code?: string;
    /** The input field at fault, for example `components.server.replicas`. */
    field?: string;
    [key: string]: unknown;
  };
}

/**
 * Options for {@link StyrminApiError}.
 *
 * @public
 */
export interface StyrminApiErrorOptions {
  code: StyrminErrorCode;
  message: string;
  /** The HTTP status of the answer; absent when no answer arrived. */
  status?: number;
  field?: string;
  /** Every GraphQL error of the answer, in the server's order. */
  errors?: ReadonlyArray<StyrminGraphQLError>;
  /** The problems of the input that failed validation. */
  problems?: ReadonlyArray<StyrminProblem>;
  cause?: unknown;
}

/**
 * A failed call to the Styrmin API, whatever failed: the network, Backstage's auth in front
 * of the plugin, or the GraphQL operation itself. `code` is always one of the
 * {@link @styrmin/plugin-styrmin-common#StyrminErrorCode}s, so that styrminctl, the agent and
 * the UI handle every failure the same way.
 *
 * It never holds the caller's token: neither the request nor its headers are kept.
 *
 * @public
 */
export class StyrminApiError extends Error {
  name = 'StyrminApiError' as const;
  readonly code: StyrminErrorCode;
  readonly status?: number;
  readonly field?: string;
  readonly errors: ReadonlyArray<StyrminGraphQLError>;
  /**
   * With `VALIDATION_FAILED` of a document (a driver): every problem the server found, each
   * with its file, field path, line and column where it has them. Empty otherwise.
   */
  readonly problems: ReadonlyArray<StyrminProblem>;

  constructor(options: StyrminApiErrorOptions) {
    super(
      options.message,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.code = options.code;
    this.status = options.status;
    this.field = options.field;
    this.errors = options.errors ?? [];
    this.problems = options.problems ?? [];
  }
}
