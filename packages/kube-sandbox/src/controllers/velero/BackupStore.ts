import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { SandboxApi } from '../../api/SandboxApi';
import { KubeObject } from '../../store/types';

/** The credentials of an AWS ini file (`[default] aws_access_key_id=… aws_secret_access_key=…`). */
function parseCredentials(
  ini: string,
): { accessKeyId: string; secretAccessKey: string } | undefined {
  const value = (key: string) =>
    new RegExp(`^\\s*${key}\\s*=\\s*(.+?)\\s*$`, 'm').exec(ini)?.[1];
  const accessKeyId = value('aws_access_key_id');
  const secretAccessKey = value('aws_secret_access_key');
  return accessKeyId && secretAccessKey
    ? { accessKeyId, secretAccessKey }
    : undefined;
}

/** The S3 error code a bodiless answer (HEAD) stands for. */
function httpReason(status: number): string {
  switch (status) {
    case 403:
      return 'Forbidden';
    case 404:
      return 'NotFound';
    default:
      return `HTTP ${status}`;
  }
}

/**
 * A refusal of the object store, worded as Velero reports one from its AWS plugin (a gRPC
 * error around the AWS SDK's): `rpc error: code = Unknown desc = operation error S3:
 * PutObject, https response error StatusCode: 403, api error InvalidAccessKeyId: …`.
 */
export class StoreError extends Error {
  readonly code: string;

  private constructor(message: string, code: string) {
    super(message);
    this.name = 'StoreError';
    this.code = code;
  }

  static from(operation: string, error: unknown): StoreError {
    const failure = error as {
      name?: string;
      message?: string;
      $metadata?: { httpStatusCode?: number };
    };
    const status = failure.$metadata?.httpStatusCode;
    const prefix = `rpc error: code = Unknown desc = operation error S3: ${operation}`;
    if (!status) {
      return new StoreError(
        `${prefix}, request send failed: ${failure.message ?? failure.name}`,
        failure.name ?? 'RequestError',
      );
    }
    const code =
      failure.name && failure.name !== 'Unknown'
        ? failure.name
        : httpReason(status);
    const detail =
      failure.message && failure.message !== 'UnknownError'
        ? `${code}: ${failure.message}`
        : code;
    return new StoreError(
      `${prefix}, https response error StatusCode: ${status}, api error ${detail}`,
      code,
    );
  }
}

/**
 * The object storage of a BackupStorageLocation, reached as Velero's AWS plugin reaches it:
 * `config.s3Url`, `config.region`, path-style addressing, the bucket and prefix, and the
 * credential Secret (`spec.credential`, else `cloud-credentials`/`cloud`). Keys follow Velero's
 * layout under the prefix (`backups/<name>/…`).
 */
export class BackupStore {
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;

  private constructor(options: {
    client: S3Client;
    bucket: string;
    prefix: string;
  }) {
    this.#client = options.client;
    this.#bucket = options.bucket;
    this.#prefix = options.prefix;
  }

  /** Throws an Error in Velero's words when the location cannot be used. */
  static forLocation(api: SandboxApi, location: KubeObject): BackupStore {
    const spec = location.spec ?? {};
    const bucket = spec.objectStorage?.bucket;
    if (!bucket) {
      throw new Error('objectStorage.bucket is required');
    }
    const endpoint = spec.config?.s3Url;
    if (!endpoint) {
      throw new Error(
        'config.s3Url is required: the sandbox has no AWS to reach',
      );
    }
    const secretName = spec.credential?.name ?? 'cloud-credentials';
    const secretKey = spec.credential?.key ?? 'cloud';
    const secret = api.store.get(
      '/secrets',
      location.metadata.namespace!,
      secretName,
    );
    const encoded = secret?.data?.[secretKey];
    const credentials =
      encoded &&
      parseCredentials(Buffer.from(encoded, 'base64').toString('utf8'));
    if (!credentials) {
      throw new Error(
        `unable to get credentials from secret ${location.metadata.namespace}/${secretName} key ${secretKey}`,
      );
    }
    const client = new S3Client({
      endpoint,
      region: spec.config?.region ?? 'us-east-1',
      forcePathStyle: spec.config?.s3ForcePathStyle !== 'false',
      credentials,
      // s3rver refuses the SDK's default aws-chunked uploads.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const prefix = spec.objectStorage?.prefix
      ? `${String(spec.objectStorage.prefix).replace(/\/+$/, '')}/`
      : '';
    return new BackupStore({ client, bucket, prefix });
  }

  /**
   * Velero's validation of a location (`IsValid`): its top-level folders are listed, which
   * needs the bucket and credentials the store accepts.
   */
  async check(): Promise<void> {
    await this.#send('ListObjectsV2', () =>
      this.#client.send(
        new ListObjectsV2Command({
          Bucket: this.#bucket,
          Prefix: this.#prefix,
          Delimiter: '/',
        }),
      ),
    );
  }

  async put(key: string, body: Buffer | string): Promise<void> {
    await this.#send('PutObject', () =>
      this.#client.send(
        new PutObjectCommand({
          Bucket: this.#bucket,
          Key: this.#prefix + key,
          Body: body,
        }),
      ),
    );
  }

  async get(key: string): Promise<Buffer> {
    const response = await this.#send('GetObject', () =>
      this.#client.send(
        new GetObjectCommand({ Bucket: this.#bucket, Key: this.#prefix + key }),
      ),
    );
    return Buffer.from(await response.Body!.transformToByteArray());
  }

  /** A key's content, or undefined when there is no such key. */
  async find(key: string): Promise<Buffer | undefined> {
    try {
      return await this.get(key);
    } catch (error) {
      if ((error as StoreError).code === 'NoSuchKey') {
        return undefined;
      }
      throw error;
    }
  }

  /** The keys under a prefix (relative to the location's prefix). */
  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const continuation = token;
      const page = await this.#send('ListObjectsV2', () =>
        this.#client.send(
          new ListObjectsV2Command({
            Bucket: this.#bucket,
            Prefix: this.#prefix + prefix,
            ContinuationToken: continuation,
          }),
        ),
      );
      keys.push(
        ...(page.Contents ?? []).map(o => o.Key!.slice(this.#prefix.length)),
      );
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  /** One request per key: a multi-object delete needs a checksum s3rver does not accept. */
  async deletePrefix(prefix: string): Promise<void> {
    for (const key of await this.list(prefix)) {
      await this.#send('DeleteObject', () =>
        this.#client.send(
          new DeleteObjectCommand({
            Bucket: this.#bucket,
            Key: this.#prefix + key,
          }),
        ),
      );
    }
  }

  /** Closes the client's connections. */
  close(): void {
    this.#client.destroy();
  }

  /** Sends a command; a refusal becomes a StoreError worded as Velero's AWS plugin reports it. */
  async #send<T>(operation: string, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      throw StoreError.from(operation, error);
    }
  }
}
