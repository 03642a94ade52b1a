import { createHash, createHmac } from 'node:crypto';
import { IncomingMessage } from 'node:http';

/** What the check needs of a Koa context (s3rver is a Koa application). */
interface S3Context {
  req: IncomingMessage;
  status: number;
  type: string;
  body: unknown;
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/;

/**
 * A Koa middleware that checks AWS Signature Version 4 on header-signed requests with the
 * secret of their access key, and refuses a mismatch with S3's `SignatureDoesNotMatch` (403).
 * s3rver's own check disagrees with the AWS SDK v3 on bucket-level requests, so the sandbox
 * turns it off (`allowMismatchedSignatures`) and checks here: without it, a wrong secret key
 * would be accepted, and a BackupStorageLocation with bad credentials would pass.
 * Unknown access keys are left to s3rver (`InvalidAccessKeyId`).
 */
export function signatureCheck(
  secrets: Record<string, string>,
): (context: S3Context, next: () => Promise<void>) => Promise<void> {
  return async (context, next) => {
    const request = context.req;
    const match = AUTHORIZATION.exec(request.headers.authorization ?? '');
    const secret = match && secrets[match[1]];
    const payloadHash = request.headers['x-amz-content-sha256'];
    if (!match || !secret || typeof payloadHash !== 'string') {
      await next();
      return;
    }
    const [, , date, region, service, signedHeaders, signature] = match;
    const url = new URL(request.url ?? '/', 'http://store');
    const canonicalRequest = [
      request.method,
      url.pathname,
      canonicalQuery(url.search.slice(1)),
      ...signedHeaders
        .split(';')
        .map(name => `${name}:${headerValue(request, name)}`),
      '',
      signedHeaders,
      payloadHash,
    ].join('\n');
    const stringToSign = [
      'AWS4-HMAC-SHA256',
      request.headers['x-amz-date'],
      `${date}/${region}/${service}/aws4_request`,
      createHash('sha256').update(canonicalRequest).digest('hex'),
    ].join('\n');
    const key = [date, region, service, 'aws4_request'].reduce<Buffer>(
      (k, part) => createHmac('sha256', k).update(part).digest(),
      Buffer.from(`AWS4${secret}`),
    );
    if (
      createHmac('sha256', key).update(stringToSign).digest('hex') === signature
    ) {
      await next();
      return;
    }
    context.status = 403;
    context.type = 'application/xml';
    context.body =
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code>' +
      '<Message>The request signature we calculated does not match the signature you provided. ' +
      'Check your key and signing method.</Message></Error>';
  };
}

/** The query as SigV4 canonicalizes it: RFC 3986 encoding, sorted, `key=` for empty values. */
function canonicalQuery(search: string): string {
  return search
    .split('&')
    .filter(Boolean)
    .map(pair => {
      const at = pair.indexOf('=');
      const [name, value] =
        at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
      return [rfc3986(decode(name)), rfc3986(decode(value))];
    })
    .sort(([a, x], [b, y]) => (a === b ? compare(x, y) : compare(a, b)))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function headerValue(request: IncomingMessage, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value.join(',') : value ?? '')
    .trim()
    .replace(/\s+/g, ' ');
}

function decode(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, ' '));
}

function rfc3986(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    c => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function compare(a: string, b: string): number {
  if (a === b) {
    return 0;
  }
  return a < b ? -1 : 1;
}
