import { STATUS_CODES } from 'node:http';

/** A failed request, worded as Go's HTTP client and Helm's getter word it. */
export class FetchError extends Error {
  /** The HTTP status, when the server answered. */
  readonly status?: number;

  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

/**
 * GETs a URL as source-controller's getters do: the body of a 2xx answer, else a FetchError
 * (`failed to fetch <url> : 404 Not Found`, or the transport's failure). Gives up after
 * `timeoutMs` (a source's `spec.timeout`, 60 s by default).
 */
export async function httpGet(
  url: string,
  options: { timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<{ body: Buffer; headers: Headers }> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: {
        'user-agent': 'kube-sandbox-source-controller',
        ...options.headers,
      },
      signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
      redirect: 'follow',
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } })
      .cause;
    let detail = cause?.message ?? (error as Error).message;
    if ((error as Error).name === 'TimeoutError') {
      detail = 'context deadline exceeded';
    } else if (cause?.code === 'ECONNREFUSED') {
      detail = `dial tcp ${new URL(url).host}: connect: connection refused`;
    }
    throw new FetchError(`Get "${url}": ${detail}`);
  }
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) {
    throw new FetchError(
      `failed to fetch ${url} : ${response.status} ${
        STATUS_CODES[response.status] ?? ''
      }`.trim(),
      response.status,
    );
  }
  return { body, headers: response.headers };
}
