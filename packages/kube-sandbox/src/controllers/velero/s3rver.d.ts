declare module '@20minutes/s3rver' {
  import { Server } from 'node:http';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: Array<{ name: string; configs?: unknown[] }>;
  }

  /** The maintained fork of s3rver: an S3-compatible server on the file system. */
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; family: string; port: number }>;
    close(): Promise<void>;
    httpServer?: Server;
    /** Koa's middleware stack, composed when the server starts listening. */
    middleware: Array<(context: any, next: () => Promise<void>) => unknown>;
  }
}
