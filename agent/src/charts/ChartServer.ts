import { createReadStream } from 'node:fs';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { UnknownDriverVersionError } from '../drivers/BundleDriverFiles';
import { Logger } from '../logging/Logger';
import {
  DriverChartNotFoundError,
  DriverChartRepository,
} from './DriverChartRepository';

/** @public */
export interface ChartServerOptions {
  repository: DriverChartRepository;
  logger: Logger;
  /** Default 8080; 0 picks a free port. */
  port?: number;
  /** Default all interfaces: Flux's source-controller reaches it through a Service. */
  host?: string;
}

/** The path under which the charts are served: `<driverChartsUrl>` ends with it. */
export const CHARTS_PATH = '/charts';

const ROUTE =
  /^\/charts\/([a-z0-9]([-a-z0-9]*[a-z0-9])?)\/([0-9a-f]{64})\/([^/]+)$/;

const CONTENT_TYPES: Record<string, string> = {
  '.yaml': 'application/x-yaml',
  '.tgz': 'application/gzip',
};

/**
 * The agent's chart server: a read-only HTTP Helm repository per driver version, at
 * `/charts/<driver>/<digest hex>/` (`index.yaml` and the packed chart), which the
 * HelmRepository of a StyrminDeployment whose chart the driver ships in its own directory
 * names (`driverChartsUrl` of the operator). It serves nothing but charts of driver
 * versions, which hold no secrets, so it asks for no credentials; `/healthz` answers for
 * probes.
 *
 * @public
 */
export class ChartServer {
  readonly #repository: DriverChartRepository;
  readonly #logger: Logger;
  readonly #port: number;
  readonly #host?: string;
  #server?: http.Server;

  private constructor(options: ChartServerOptions) {
    this.#repository = options.repository;
    this.#logger = options.logger;
    this.#port = options.port ?? 8080;
    this.#host = options.host;
  }

  static create(options: ChartServerOptions): ChartServer {
    return new ChartServer(options);
  }

  /** Listens; resolves with the port, which tells a free one that was picked. */
  async start(): Promise<{ port: number }> {
    const server = http.createServer((request, response) => {
      this.#serve(request, response).catch(error => {
        this.#logger.error('Chart request failed', {
          path: request.url,
          error: String(error),
        });
        if (!response.headersSent) {
          response.writeHead(500).end();
        } else {
          response.destroy();
        }
      });
    });
    this.#server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.#port, this.#host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    this.#logger.info('Started chart server', { port });
    return { port };
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (server) {
      server.closeAllConnections();
      await new Promise<void>(resolve => server.close(() => resolve()));
    }
  }

  async #serve(request: http.IncomingMessage, response: http.ServerResponse) {
    const { pathname } = new URL(request.url ?? '/', 'http://agent');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (pathname === '/healthz') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n');
      return;
    }
    const match = ROUTE.exec(pathname);
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    const [, name, , hex, file] = match;
    let chart;
    try {
      chart = await this.#repository.chartOf({ name, hex });
    } catch (error) {
      if (
        error instanceof DriverChartNotFoundError ||
        error instanceof UnknownDriverVersionError
      ) {
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end(`${error.message}\n`);
        return;
      }
      throw error;
    }
    if (!chart.files.includes(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type':
        CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      // A digest's repository never changes.
      'cache-control': 'public, max-age=31536000, immutable',
    });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    await pipeline(
      createReadStream(path.join(chart.directory, file)),
      response,
    );
  }
}
