import { IncomingMessage, ServerResponse } from 'node:http';
import { parseRequestPath } from './parseRequestPath';
import { verbOf } from './requestOptions';

/** One request as the server saw it, for tests that check what a client sent. */
export interface RequestRecord {
  method: string;
  path: string;
  query: Record<string, string>;
  contentType?: string;
  userAgent?: string;
  authenticated: boolean;
  /** Who the token names (`system:serviceaccount:<ns>:<name>`, `kube-sandbox-admin`). */
  user?: string;
  status?: number;
}

const REQUEST_LOG_SIZE = 1000;

/**
 * The most recent requests (up to 1000), oldest first, each with its status once answered;
 * and a count of every request since the start by who sent it, verb and resource
 * (`<user> <verb> <group>/<plural>[/<subresource>]`, `<user> GET <path>` for any other path),
 * for benchmarks that count what a client sends over hours.
 */
export class RequestLog {
  readonly #records: RequestRecord[] = [];
  readonly #counts = new Map<string, number>();

  static create(): RequestLog {
    return new RequestLog();
  }

  get records(): readonly RequestRecord[] {
    return this.#records;
  }

  get counts(): ReadonlyMap<string, number> {
    return this.#counts;
  }

  record(
    request: IncomingMessage,
    url: URL,
    user: string | undefined,
    response: ServerResponse,
  ): void {
    const record: RequestRecord = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      contentType: request.headers['content-type'],
      userAgent: request.headers['user-agent'],
      authenticated: user !== undefined,
      user,
    };
    const key = `${user ?? 'anonymous'} ${countedAs(record.method, url)}`;
    this.#counts.set(key, (this.#counts.get(key) ?? 0) + 1);
    this.#records.push(record);
    if (this.#records.length > REQUEST_LOG_SIZE) {
      this.#records.shift();
    }
    response.on('finish', () => {
      record.status = response.statusCode;
    });
  }
}

/** `<verb> <group>/<plural>[/<subresource>]` of a resource request, else `<method> <path>`. */
function countedAs(method: string, url: URL): string {
  const target = parseRequestPath(url.pathname);
  if (target.kind !== 'resource') {
    return `${method} ${url.pathname}`;
  }
  const { group, plural, subresource } = target.resource;
  let verb: string;
  try {
    verb = verbOf(method, target.resource, url.searchParams);
  } catch {
    verb = method;
  }
  return `${verb} ${group}/${plural}${subresource ? `/${subresource}` : ''}`;
}
