import {
  GraphQLHttpAnswer,
  parseGraphQLResponse,
} from './parseGraphQLResponse';
import { StyrminApiError } from './StyrminApiError';

/**
 * The variables of a GraphQL operation.
 *
 * @public
 */
export type GraphQLVariables = Record<string, unknown>;

/**
 * Options for {@link StyrminClient.create}.
 *
 * @public
 */
export interface StyrminClientOptions {
  /**
   * The base URL of the styrmin backend plugin, for example
   * `http://localhost:7007/api/styrmin` (see {@link styrminPluginUrl}); the UI passes
   * `() => discoveryApi.getBaseUrl('styrmin')`. A function is called for every request.
   */
  baseUrl: string | (() => Promise<string>);
  /**
   * The token sent as `Authorization: Bearer <token>`: a Backstage user token or a static
   * external-access token. Leave it out when `fetch` attaches credentials itself. A function
   * is called for every request, so a refreshed token is picked up.
   */
  token?: string | (() => Promise<string | undefined>);
  /**
   * The fetch to send requests with; the global `fetch` by default. The UI passes Backstage's
   * `fetchApi.fetch`, which attaches the signed-in user's token.
   */
  fetch?: typeof fetch;
}

/**
 * Posts GraphQL requests to the Styrmin plugin as JSON (`<base URL>/graphql`), with the
 * caller's token, and turns every failure into a {@link StyrminApiError}: what
 * `StyrminClient` sends its operations through.
 */
export class GraphQLTransport {
  readonly #baseUrl: () => Promise<string>;
  readonly #token: () => Promise<string | undefined>;
  readonly #fetch: typeof fetch;

  static create(options: StyrminClientOptions): GraphQLTransport {
    const { baseUrl, token } = options;
    return new GraphQLTransport({
      baseUrl: typeof baseUrl === 'string' ? async () => baseUrl : baseUrl,
      token: typeof token === 'function' ? token : async () => token,
      // The global is looked up per request, so a fetch installed later is the one used.
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    });
  }

  private constructor(options: {
    baseUrl: () => Promise<string>;
    token: () => Promise<string | undefined>;
    fetch: typeof fetch;
  }) {
    this.#baseUrl = options.baseUrl;
    this.#token = options.token;
    this.#fetch = options.fetch;
  }

  async post<TData>(request: {
    query: string;
    variables?: GraphQLVariables;
    operationName?: string;
  }): Promise<TData> {
    const url = `${(await this.#baseUrl()).replace(/\/+$/, '')}/graphql`;
    const token = await this.#token();
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
    };
    if (token) {
      headers.Authorization = `Bearer ${token}`;
    }
    const answer = await this.#send(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...request, variables: request.variables ?? {} }),
    });
    return parseGraphQLResponse<TData>(answer);
  }

  async #send(url: string, init: RequestInit): Promise<GraphQLHttpAnswer> {
    // Called as a plain function: browsers refuse a `fetch` called as a method of another
    // object ("Illegal invocation").
    const fetchFn = this.#fetch;
    try {
      const response = await fetchFn(url, init);
      return {
        url,
        status: response.status,
        statusText: response.statusText,
        body: await response.text(),
      };
    } catch (error) {
      // Only the failure's own words: the request, and so the token, stays out of the error.
      throw new StyrminApiError({
        code: 'UNAVAILABLE',
        message: `Could not reach the Styrmin server at ${url}: ${describeNetworkFailure(
          error,
        )}`,
        cause: error,
      });
    }
  }
}

/** Node's fetch says only "fetch failed"; the reason (ECONNREFUSED, ...) is in its cause. */
function describeNetworkFailure(error: unknown): string {
  const reason = error instanceof Error ? error.cause ?? error : error;
  return reason instanceof Error ? reason.message : String(reason);
}
