import S3rver from '@20minutes/s3rver';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { signatureCheck } from './signatureCheck';

/** The credentials s3rver accepts. */
export const OBJECT_STORE_CREDENTIALS = {
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
};

/**
 * The sandbox's S3-compatible object store on loopback (s3rver over a folder), where the Velero
 * stand-in keeps backups. Bucket-level requests need `allowMismatchedSignatures` with the AWS
 * SDK v3 (s3rver checks their signatures differently), so signatures are checked in front of
 * s3rver instead (signatureCheck): a wrong secret key is refused as S3 refuses it.
 */
export class ObjectStoreServer {
  readonly endpoint: string;
  readonly #server: S3rver;
  readonly #ownedDirectory?: string;

  private constructor(options: {
    endpoint: string;
    server: S3rver;
    ownedDirectory?: string;
  }) {
    this.endpoint = options.endpoint;
    this.#server = options.server;
    this.#ownedDirectory = options.ownedDirectory;
  }

  /** Starts on a free port with the given buckets; without a folder, a temporary one. */
  static async start(options: {
    directory?: string;
    buckets: string[];
  }): Promise<ObjectStoreServer> {
    const ownedDirectory = options.directory
      ? undefined
      : await fs.mkdtemp(path.join(os.tmpdir(), 'kube-sandbox-s3-'));
    const directory = options.directory ?? ownedDirectory!;
    await fs.mkdir(directory, { recursive: true });
    const server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      allowMismatchedSignatures: true,
      vhostBuckets: false,
      configureBuckets: options.buckets.map(name => ({ name })),
    });
    server.middleware.unshift(
      signatureCheck({
        [OBJECT_STORE_CREDENTIALS.accessKeyId]:
          OBJECT_STORE_CREDENTIALS.secretAccessKey,
      }),
    );
    const address = await server.run();
    return new ObjectStoreServer({
      endpoint: `http://127.0.0.1:${address.port}`,
      server,
      ownedDirectory,
    });
  }

  async stop(): Promise<void> {
    const closing = this.#server.close();
    // Clients keep connections alive; the server would wait for them.
    this.#server.httpServer?.closeAllConnections();
    await closing;
    if (this.#ownedDirectory) {
      await fs.rm(this.#ownedDirectory, { recursive: true, force: true });
    }
  }
}
