import { qualifiedResource, StatusCause } from '../resources/ResourceType';

/** A `meta/v1 Status` object, as error responses and some deletes carry it. */
export interface Status {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Success' | 'Failure';
  message?: string;
  reason?: string;
  details?: {
    name?: string;
    group?: string;
    kind?: string;
    uid?: string;
    causes?: StatusCause[];
    retryAfterSeconds?: number;
  };
  code: number;
}

interface TypeName {
  group: string;
  plural: string;
  kind: string;
}

function details(type: TypeName, name: string, kind = type.plural) {
  return { name, ...(type.group ? { group: type.group } : {}), kind };
}

/**
 * An API failure with the Status a real apiserver answers: code, reason, the message wording
 * and details, so clients that read `reason` or parse the message behave as against a cluster.
 */
export class ApiError extends Error {
  readonly status: Status;

  constructor(
    status: Omit<Status, 'kind' | 'apiVersion' | 'metadata' | 'status'>,
  ) {
    super(status.message);
    this.status = {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      ...status,
    };
  }

  get code(): number {
    return this.status.code;
  }

  get reason(): string | undefined {
    return this.status.reason;
  }

  static notFound(
    type: Pick<TypeName, 'group' | 'plural'>,
    name: string,
  ): ApiError {
    return new ApiError({
      message: `${qualifiedResource(type)} "${name}" not found`,
      reason: 'NotFound',
      details: details({ ...type, kind: '' }, name),
      code: 404,
    });
  }

  static alreadyExists(type: TypeName, name: string): ApiError {
    return new ApiError({
      message: `${qualifiedResource(type)} "${name}" already exists`,
      reason: 'AlreadyExists',
      details: details(type, name),
      code: 409,
    });
  }

  static conflict(
    type: TypeName,
    name: string,
    why = 'the object has been modified; please apply your changes to the latest version and try again',
  ): ApiError {
    return new ApiError({
      message: `Operation cannot be fulfilled on ${qualifiedResource(
        type,
      )} "${name}": ${why}`,
      reason: 'Conflict',
      details: details(type, name),
      code: 409,
    });
  }

  /** 422: the message joins every cause, as Go's aggregate errors print. */
  static invalid(
    type: TypeName,
    name: string,
    causes: StatusCause[],
  ): ApiError {
    const lines = causes.map(c =>
      c.field ? `${c.field}: ${c.message}` : c.message,
    );
    const what = type.group ? `${type.kind}.${type.group}` : type.kind;
    return new ApiError({
      message: `${what} "${name}" is invalid: ${
        lines.length === 1 ? lines[0] : `[${lines.join(', ')}]`
      }`,
      reason: 'Invalid',
      details: { ...details(type, name, type.kind), causes },
      code: 422,
    });
  }

  /** 422 with a bare message, as failed JSON patches answer. */
  static unprocessable(message: string): ApiError {
    return new ApiError({ message, reason: 'Invalid', details: {}, code: 422 });
  }

  static badRequest(message: string): ApiError {
    return new ApiError({ message, reason: 'BadRequest', code: 400 });
  }

  static unsupportedMediaType(accepted: string[], note?: string): ApiError {
    return new ApiError({
      message: `the body of the request was in an unknown format - accepted media types include: ${accepted.join(
        ', ',
      )}${note ? ` (${note})` : ''}`,
      reason: 'UnsupportedMediaType',
      code: 415,
    });
  }

  static methodNotAllowed(message: string): ApiError {
    return new ApiError({
      message,
      reason: 'MethodNotAllowed',
      details: {},
      code: 405,
    });
  }

  static forbidden(
    type: TypeName,
    name: string,
    why: string,
    causes?: StatusCause[],
  ): ApiError {
    return new ApiError({
      message: `${qualifiedResource(type)} "${name}" is forbidden: ${why}`,
      reason: 'Forbidden',
      details: { ...details(type, name), ...(causes ? { causes } : {}) },
      code: 403,
    });
  }

  static unauthorized(): ApiError {
    return new ApiError({
      message: 'Unauthorized',
      reason: 'Unauthorized',
      code: 401,
    });
  }

  static expired(message: string): ApiError {
    return new ApiError({ message, reason: 'Expired', code: 410 });
  }

  static pathNotFound(): ApiError {
    return new ApiError({
      message: 'the server could not find the requested resource',
      reason: 'NotFound',
      details: {},
      code: 404,
    });
  }

  static internal(message: string): ApiError {
    return new ApiError({
      message: `Internal error occurred: ${message}`,
      reason: 'InternalError',
      details: { causes: [{ reason: '', message }] },
      code: 500,
    });
  }

  /** Any injected failure: a code with its usual reason. */
  static withCode(code: number, message: string): ApiError {
    const reasons: Record<number, string> = {
      400: 'BadRequest',
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'NotFound',
      409: 'Conflict',
      410: 'Expired',
      422: 'Invalid',
      429: 'TooManyRequests',
      500: 'InternalError',
      503: 'ServiceUnavailable',
      504: 'Timeout',
    };
    return new ApiError({ message, reason: reasons[code] ?? 'Unknown', code });
  }
}
