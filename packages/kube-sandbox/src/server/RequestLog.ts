import { IncomingMessage, ServerResponse } from 'node:http';

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

/** The most recent requests (up to 1000), oldest first, each with its status once answered. */
export class RequestLog {
  readonly #records: RequestRecord[] = [];

  static create(): RequestLog {
    return new RequestLog();
  }

  get records(): readonly RequestRecord[] {
    return this.#records;
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
    this.#records.push(record);
    if (this.#records.length > REQUEST_LOG_SIZE) {
      this.#records.shift();
    }
    response.on('finish', () => {
      record.status = response.statusCode;
    });
  }
}
