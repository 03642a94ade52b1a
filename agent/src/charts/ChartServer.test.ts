import { ensureTools, runTool, ToolPaths } from '@styrmin/kube-sandbox';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { exampleBundle } from '../__testUtils__/exampleBundles';
import { BundleDriverFiles } from '../drivers/BundleDriverFiles';
import { memoryLogger } from '../__testUtils__/operatorSandbox';
import { ChartServer } from './ChartServer';
import { DriverChartRepository } from './DriverChartRepository';

jest.setTimeout(60_000);

/*
 * The chart server with the real helm on both sides: it packs the chart of a bundle
 * fetched by digest, and helm, as a client of the Helm repository, pulls and renders it.
 */
describe('ChartServer', () => {
  let tools: ToolPaths;
  let work: string;
  let server: ChartServer;
  let base: string;
  const fetched: string[] = [];
  let infrahub: Awaited<ReturnType<typeof exampleBundle>>;

  beforeAll(async () => {
    tools = await ensureTools();
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'agent-charts-'));
    infrahub = await exampleBundle('infrahub/1.0.0');
    const driverFiles = BundleDriverFiles.create({
      directory: path.join(work, 'bundles'),
      fetchBundle: async digest => {
        fetched.push(digest);
        return digest === infrahub.digest ? infrahub.files : undefined;
      },
    });
    server = ChartServer.create({
      repository: DriverChartRepository.create({
        driverFiles,
        helm: tools.helm,
        directory: path.join(work, 'charts'),
      }),
      logger: memoryLogger(),
      port: 0,
      host: '127.0.0.1',
    });
    const { port } = await server.start();
    base = `http://127.0.0.1:${port}/charts`;
  });

  afterAll(async () => {
    await server.stop();
    await fs.rm(work, { recursive: true, force: true });
  });

  const hex = () => infrahub.digest.replace('sha256:', '');

  /** helm, with homes of its own, as Flux or a person would run it. */
  async function helm(args: string[]) {
    const home = path.join(work, 'helm-client');
    return runTool(tools.helm, args, {
      env: {
        ...process.env,
        HELM_CACHE_HOME: path.join(home, 'cache'),
        HELM_CONFIG_HOME: path.join(home, 'config'),
        HELM_DATA_HOME: path.join(home, 'data'),
      },
    });
  }

  it('serves a driver version as a Helm repository that helm pulls and renders from', async () => {
    const repository = `${base}/infrahub/${hex()}`;
    const index = await fetch(`${repository}/index.yaml`);
    expect(index.status).toBe(200);
    const entries = parseYaml(await index.text()).entries;
    expect(entries.infrahub).toEqual([
      expect.objectContaining({
        name: 'infrahub',
        version: '1.0.0',
        urls: ['infrahub-1.0.0.tgz'],
        digest: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    ]);

    const rendered = await helm([
      'template',
      'demo',
      'infrahub',
      '--repo',
      repository,
      '--version',
      '1.0.0',
      '--set',
      'infrahub.adminPassword=correct horse battery staple',
    ]);
    expect(rendered.stderr).toBe('');
    expect(rendered.stdout).toContain('app.kubernetes.io/component: server');

    // Fetched and packed once, however often it is asked for.
    await fetch(`${repository}/index.yaml`);
    expect(fetched).toEqual([infrahub.digest]);
  });

  it('answers 404 for what is not a driver chart, and refuses to write', async () => {
    expect((await fetch(`${base}/semaphore/${hex()}/index.yaml`)).status).toBe(
      404,
    );
    expect(
      (await fetch(`${base}/infrahub/${hex()}/../../etc/passwd`)).status,
    ).toBe(404);
    expect((await fetch(`${base}/infrahub/${hex()}/other.tgz`)).status).toBe(
      404,
    );
    expect((await fetch(`${base}/infrahub/abc/index.yaml`)).status).toBe(404);
    expect(
      (await fetch(`${base}/infrahub/${'0'.repeat(64)}/index.yaml`)).status,
    ).toBe(404);
    expect(
      (
        await fetch(`${base}/infrahub/${hex()}/index.yaml`, {
          method: 'PUT',
          body: 'x',
        })
      ).status,
    ).toBe(405);
    expect((await fetch(base.replace('/charts', '/healthz'))).status).toBe(200);
  });
});
