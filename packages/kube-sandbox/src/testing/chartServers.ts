import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureTools } from '../tools/ensureTools';
import { runTool } from '../tools/runTool';

/*
 * Chart sources on loopback for tests and the benchmark, made with the real helm: an HTTP Helm
 * repository (`helm package` + `helm repo index`) and a minimal OCI registry serving packaged
 * charts as Helm pushes them.
 */

async function helm(args: string[], home: string): Promise<string> {
  const { helm: binary } = await ensureTools();
  const result = await runTool(binary, args, {
    env: {
      ...process.env,
      HELM_CACHE_HOME: home,
      HELM_CONFIG_HOME: home,
      HELM_DATA_HOME: home,
    },
  });
  if (result.exitCode !== 0) {
    throw new Error(`helm ${args.join(' ')}: ${result.stderr}`);
  }
  return result.stdout;
}

/** `helm create <name>` in a folder: the chart every helm user starts from (nginx, a Service). */
export async function createChart(folder: string, name: string) {
  await helm(['create', path.join(folder, name)], folder);
  return path.join(folder, name);
}

/** Packs a chart folder with `helm package`; returns the `.tgz` path. */
export async function packageChart(
  chartFolder: string,
  outFolder: string,
): Promise<string> {
  const output = await helm(
    ['package', chartFolder, '--destination', outFolder],
    outFolder,
  );
  return output.trim().split(': ').pop()!;
}

interface Served {
  url: string;
  /** Paths asked for, in order. */
  requests: string[];
  /** Answers this status for paths that match, until cleared. */
  failWith(pattern: RegExp, status: number): () => void;
  stop(): Promise<void>;
}

async function serve(
  handle: (pathname: string, response: http.ServerResponse) => Promise<void>,
  scheme: string,
): Promise<Served> {
  const requests: string[] = [];
  const failures = new Map<RegExp, number>();
  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    requests.push(pathname);
    const failure = [...failures].find(([pattern]) => pattern.test(pathname));
    if (failure) {
      response.writeHead(failure[1]).end();
      return;
    }
    handle(pathname, response).catch(() => {
      response.writeHead(404).end();
    });
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    requests,
    failWith(pattern, status) {
      failures.set(pattern, status);
      return () => failures.delete(pattern);
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>(resolve => server.close(() => resolve()));
    },
  };
}

/** An HTTP Helm repository on loopback: `<url>/index.yaml` and the packaged charts. */
export interface HelmRepositoryServer extends Served {
  /** Packs a chart folder into the repository and indexes it again. */
  publish(chartFolder: string): Promise<void>;
  /** Replaces `index.yaml` (to serve what helm would not write). */
  writeIndex(text: string): Promise<void>;
}

export async function startHelmRepository(
  options: { charts?: string[]; prefix?: string } = {},
): Promise<HelmRepositoryServer> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'helm-repository-'));
  const prefix = options.prefix ?? '/charts';
  const served = await serve(async (pathname, response) => {
    if (path.posix.dirname(pathname) !== prefix) {
      throw new Error('not found');
    }
    const file = path.join(folder, path.basename(pathname));
    const body = await fs.readFile(file);
    response
      .writeHead(200, {
        'content-type': file.endsWith('.yaml')
          ? 'application/x-yaml'
          : 'application/gzip',
      })
      .end(body);
  }, 'http');
  const repository: HelmRepositoryServer = {
    ...served,
    url: `${served.url}${prefix}`,
    async publish(chartFolder) {
      await packageChart(chartFolder, folder);
      // Relative URLs in the index, as the agent's chart server writes them.
      await helm(['repo', 'index', folder], folder);
    },
    async writeIndex(text) {
      await fs.writeFile(path.join(folder, 'index.yaml'), text);
    },
    async stop() {
      await served.stop();
      await fs.rm(folder, { recursive: true, force: true });
    },
  };
  for (const chart of options.charts ?? []) {
    await repository.publish(chart);
  }
  if (!options.charts?.length) {
    await repository.writeIndex('apiVersion: v1\nentries: {}\n');
  }
  return repository;
}

const sha256 = (data: Buffer) =>
  `sha256:${createHash('sha256').update(data).digest('hex')}`;

/** A read-only OCI registry on loopback (plain HTTP: Flux's `insecure: true`). */
export interface OciRegistry extends Served {
  /** `127.0.0.1:<port>`, for `oci://` URLs. */
  host: string;
  /** Serves a packaged chart as `<repository>:<tag>` with Helm's media types. */
  push(repository: string, tag: string, chart: Buffer): void;
}

export async function startOciRegistry(): Promise<OciRegistry> {
  const blobs = new Map<string, Buffer>();
  const manifests = new Map<string, Map<string, Buffer>>();
  const served = await serve(async (pathname, response) => {
    const match = /^\/v2\/(.+)\/(manifests|blobs|tags)\/([^/]+)$/.exec(
      pathname,
    );
    if (!match) {
      throw new Error('not found');
    }
    const [, repository, what, reference] = match;
    const tags = manifests.get(repository);
    if (what === 'tags') {
      if (!tags) {
        throw new Error('not found');
      }
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ name: repository, tags: [...tags.keys()] }));
      return;
    }
    const body =
      what === 'manifests' ? tags?.get(reference) : blobs.get(reference);
    if (!body) {
      throw new Error('not found');
    }
    response
      .writeHead(200, {
        'content-type':
          what === 'manifests'
            ? 'application/vnd.oci.image.manifest.v1+json'
            : 'application/octet-stream',
        ...(what === 'manifests'
          ? { 'docker-content-digest': sha256(body) }
          : {}),
      })
      .end(body);
  }, 'http');
  return {
    ...served,
    host: served.url.replace('http://', ''),
    push(repository, tag, chart) {
      const config = Buffer.from('{}');
      blobs.set(sha256(config), config);
      blobs.set(sha256(chart), chart);
      const manifest = Buffer.from(
        JSON.stringify({
          schemaVersion: 2,
          mediaType: 'application/vnd.oci.image.manifest.v1+json',
          config: {
            mediaType: 'application/vnd.cncf.helm.config.v1+json',
            digest: sha256(config),
            size: config.length,
          },
          layers: [
            {
              mediaType: 'application/vnd.cncf.helm.chart.content.v1.tar+gzip',
              digest: sha256(chart),
              size: chart.length,
            },
          ],
        }),
      );
      if (!manifests.has(repository)) {
        manifests.set(repository, new Map());
      }
      manifests.get(repository)!.set(tag, manifest);
    },
  };
}
