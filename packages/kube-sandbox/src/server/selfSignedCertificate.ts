import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/*
 * A self-signed certificate for 127.0.0.1 and localhost, built with node:crypto and a minimal
 * DER encoder. The sandbox must serve TLS: client-go (kubectl) sends no credentials at all to
 * an `http://` server. The certificate is its own CA, so the kubeconfig carries it as
 * `certificate-authority-data` and clients verify the connection as against a real cluster.
 */

export interface Certificate {
  /** PEM of the certificate (and of the CA, as it is self-signed). */
  cert: string;
  /** PEM of the PKCS#8 private key. */
  key: string;
}

function length(size: number): Buffer {
  if (size < 0x80) {
    return Buffer.from([size]);
  }
  const bytes: number[] = [];
  for (let n = size; n > 0; n >>= 8) {
    bytes.unshift(n & 0xff);
  }
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

const sequence = (...content: Buffer[]) => tlv(0x30, ...content);
const set = (...content: Buffer[]) => tlv(0x31, ...content);
const octetString = (content: Buffer) => tlv(0x04, content);
const bitString = (content: Buffer, unusedBits = 0) =>
  tlv(0x03, Buffer.from([unusedBits]), content);
const explicit = (tag: number, content: Buffer) => tlv(0xa0 | tag, content);

function integer(value: Buffer): Buffer {
  // A leading 1 bit would make the integer negative.
  return tlv(
    0x02,
    value[0] & 0x80 ? Buffer.concat([Buffer.from([0]), value]) : value,
  );
}

function oid(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const part of rest) {
    const chunk: number[] = [part & 0x7f];
    for (let n = part >> 7; n > 0; n >>= 7) {
      chunk.unshift((n & 0x7f) | 0x80);
    }
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  // UTCTime until 2049, GeneralizedTime after, as RFC 5280 requires.
  return date.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`))
    : tlv(0x18, Buffer.from(`${iso}Z`));
}

function name(commonName: string): Buffer {
  return sequence(
    set(sequence(oid('2.5.4.3'), tlv(0x0c, Buffer.from(commonName)))),
  );
}

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return sequence(
    oid(id),
    ...(critical ? [tlv(0x01, Buffer.from([0xff]))] : []),
    octetString(value),
  );
}

/** A fresh P-256 key and a certificate valid for ten years for 127.0.0.1, ::1 and localhost. */
export function selfSignedCertificate(
  commonName = 'kube-sandbox',
): Certificate {
  const { privateKey, publicKey } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
  });
  const ecdsaWithSha256 = sequence(oid('1.2.840.10045.4.3.2'));
  const now = Date.now();
  const tbs = sequence(
    explicit(0, integer(Buffer.from([2]))),
    integer(randomBytes(16)),
    ecdsaWithSha256,
    name(commonName),
    sequence(
      time(new Date(now - 60 * 60 * 1000)),
      time(new Date(now + 10 * 365 * 24 * 60 * 60 * 1000)),
    ),
    name(commonName),
    publicKey.export({ type: 'spki', format: 'der' }),
    explicit(
      3,
      sequence(
        // A CA that may sign certificates, and a server certificate in one.
        extension('2.5.29.19', true, sequence(tlv(0x01, Buffer.from([0xff])))),
        extension('2.5.29.15', true, bitString(Buffer.from([0x84]), 2)),
        extension('2.5.29.37', false, sequence(oid('1.3.6.1.5.5.7.3.1'))),
        extension(
          '2.5.29.17',
          false,
          sequence(
            tlv(0x82, Buffer.from('localhost')),
            tlv(0x87, Buffer.from([127, 0, 0, 1])),
            tlv(0x87, Buffer.concat([Buffer.alloc(15), Buffer.from([1])])),
          ),
        ),
      ),
    ),
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = sequence(tbs, ecdsaWithSha256, bitString(signature));
  const base64 = der.toString('base64').replace(/(.{64})/g, '$1\n');
  return {
    cert: `-----BEGIN CERTIFICATE-----\n${base64.trimEnd()}\n-----END CERTIFICATE-----\n`,
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  };
}
