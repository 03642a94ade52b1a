import {
  StyrminErrorCode,
  StyrminProblem,
} from '@styrmin/plugin-styrmin-common';
import { StyrminApiError, StyrminGraphQLError } from './StyrminApiError';

/** What arrived from the GraphQL endpoint: enough to interpret, nothing of the request. */
export interface GraphQLHttpAnswer {
  url: string;
  status: number;
  statusText: string;
  body: string;
}

interface GraphQLResponseBody {
  data?: unknown;
  errors?: StyrminGraphQLError[];
}

/**
 * Statuses that mean no working Styrmin endpoint answered: a Backstage without the styrmin
 * plugin (404), or a proxy or gateway in front of it.
 */
const UNAVAILABLE_STATUSES = new Set([404, 408, 429, 502, 503, 504]);

/**
 * Returns the `data` of a successful GraphQL answer, or throws the {@link StyrminApiError}
 * that describes the failure.
 */
export function parseGraphQLResponse<TData>(answer: GraphQLHttpAnswer): TData {
  const json = parseJson(answer.body);
  const body = isGraphQLResponseBody(json) ? json : undefined;
  const errors = body?.errors ?? [];
  const ok = answer.status >= 200 && answer.status < 300;

  if (
    ok &&
    errors.length === 0 &&
    body?.data !== undefined &&
    body.data !== null
  ) {
    return body.data as TData;
  }

  throw new StyrminApiError({
    code: failureCode(answer.status, ok, body),
    message: failureMessage(answer, json, body),
    status: answer.status,
    field: errors[0]?.extensions?.field,
    errors,
    problems: problemsOf(errors[0]),
  });
}

/** The `extensions.problems` of an error, keeping only entries that are problems. */
function problemsOf(error: StyrminGraphQLError | undefined): StyrminProblem[] {
  const problems = error?.extensions?.problems;
  return Array.isArray(problems)
    ? problems.filter(
        (problem): problem is StyrminProblem =>
          isRecord(problem) && typeof problem.message === 'string',
      )
    : [];
}

function failureCode(
  status: number,
  ok: boolean,
  body: GraphQLResponseBody | undefined,
): StyrminErrorCode {
  // Backstage's auth answers these before the request reaches the plugin.
  if (status === 401) {
    return 'UNAUTHENTICATED';
  }
  if (status === 403) {
    return 'FORBIDDEN';
  }
  const firstError = body?.errors?.[0];
  if (firstError) {
    const code = firstError.extensions?.code;
    return StyrminErrorCode.is(code) ? code : 'INTERNAL';
  }
  if (UNAVAILABLE_STATUSES.has(status) || (ok && !body)) {
    return 'UNAVAILABLE';
  }
  return 'INTERNAL';
}

function failureMessage(
  answer: GraphQLHttpAnswer,
  json: unknown,
  body: GraphQLResponseBody | undefined,
): string {
  if (body?.errors?.length) {
    return body.errors.map(error => error.message).join('; ');
  }
  const backstageMessage = backstageErrorMessage(json);
  if (backstageMessage) {
    return backstageMessage;
  }
  const http = `HTTP ${answer.status}${
    answer.statusText ? ` ${answer.statusText}` : ''
  }`;
  if (body) {
    return `The Styrmin server at ${answer.url} answered ${http} without data`;
  }
  return `${answer.url} answered ${http} without a GraphQL response; is it the URL of a Backstage backend with the styrmin plugin?`;
}

/** Backstage's error handler answers `{ error: { name, message } }`. */
function backstageErrorMessage(json: unknown): string | undefined {
  if (isRecord(json) && isRecord(json.error)) {
    const { message } = json.error;
    return typeof message === 'string' && message ? message : undefined;
  }
  return undefined;
}

function isGraphQLResponseBody(json: unknown): json is GraphQLResponseBody {
  return (
    isRecord(json) &&
    ('data' in json || 'errors' in json) &&
    (json.errors === undefined || Array.isArray(json.errors))
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
