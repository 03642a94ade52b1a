import { request } from 'node:https';
import { Sandbox } from '../Sandbox';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body parsed as JSON (undefined when it is not JSON). */
  json: any;
}

/**
 * One HTTPS request to a sandbox, with its token unless `token` is given (or null for none),
 * for tests that check the wire itself: status codes, headers and bodies as sent.
 */
export function rawRequest(
  sandbox: Sandbox,
  method: string,
  path: string,
  options: {
    body?: unknown;
    contentType?: string;
    token?: string | null;
    accept?: string;
  } = {},
): Promise<RawResponse> {
  const token = options.token === undefined ? sandbox.token : options.token;
  let body: string | undefined;
  if (typeof options.body === 'string') {
    body = options.body;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
  }
  return new Promise((resolve, reject) => {
    const req = request(
      `${sandbox.url}${path}`,
      {
        method,
        ca: sandbox.caCertificate,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined
            ? {
                'Content-Type': options.contentType ?? 'application/json',
                'Content-Length': Buffer.byteLength(body),
              }
            : {}),
          ...(options.accept ? { Accept: options.accept } : {}),
        },
      },
      res => {
        const chunks: Buffer[] = [];
        res.on('data', chunk => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: any;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            json,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
