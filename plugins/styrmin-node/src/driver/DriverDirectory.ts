import { lstat, readdir, readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';

/**
 * The size limits of one driver.
 *
 * @public
 */
export interface DriverLimits {
  /** The largest file a driver may hold, in bytes. Default 1 MiB. */
  maxFileBytes?: number;
  /** The largest total of the files a driver version bundles, in bytes. Default 10 MiB. */
  maxTotalBytes?: number;
}

const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;
const DEFAULT_MAX_TOTAL_BYTES = 10 * 1024 * 1024;

/** A file read from the driver, or why it could not be. */
export type DriverFileRead = { content: Buffer } | { refusal: string };

/**
 * The files of one driver directory, read only where they stay inside it: relative POSIX
 * paths in, no `..`, no absolute paths, no symbolic link that resolves outside, no file
 * above the size limits. Every file read is kept as part of the driver version's bundle.
 */
export class DriverDirectory {
  readonly #root: string;
  readonly #maxFileBytes: number;
  readonly #maxTotalBytes: number;
  readonly #files = new Map<string, Buffer>();
  #totalBytes = 0;

  static async open(
    dir: string,
    limits: DriverLimits = {},
  ): Promise<DriverDirectory | { refusal: string }> {
    try {
      const root = await realpath(dir);
      if (!(await stat(root)).isDirectory()) {
        return { refusal: 'Is not a directory' };
      }
      return new DriverDirectory(root, limits);
    } catch (error) {
      return { refusal: describeFsError(error) };
    }
  }

  private constructor(root: string, limits: DriverLimits) {
    this.#root = root;
    this.#maxFileBytes = limits.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    this.#maxTotalBytes = limits.maxTotalBytes ?? DEFAULT_MAX_TOTAL_BYTES;
  }

  /** The files read so far, by relative POSIX path. */
  get files(): ReadonlyMap<string, Buffer> {
    return this.#files;
  }

  /** Resolves a relative path to a real path inside the driver, or says why not. */
  async #resolve(
    path: string,
  ): Promise<{ real: string } | { refusal: string }> {
    const segments = path.split('/');
    if (isAbsolute(path) || path.includes('\\') || segments.includes('..')) {
      return { refusal: 'Leaves the driver directory' };
    }
    try {
      const real = await realpath(join(this.#root, ...segments));
      const inside = relative(this.#root, real);
      if (
        inside.startsWith(`..${sep}`) ||
        inside === '..' ||
        isAbsolute(inside)
      ) {
        return {
          refusal:
            'Is a symbolic link that points outside the driver directory',
        };
      }
      return { real };
    } catch (error) {
      return { refusal: describeFsError(error) };
    }
  }

  /** Reads one file of the driver and keeps it in the bundle. */
  async read(path: string): Promise<DriverFileRead> {
    const cached = this.#files.get(path);
    if (cached) {
      return { content: cached };
    }
    const resolved = await this.#resolve(path);
    if ('refusal' in resolved) {
      return resolved;
    }
    const info = await stat(resolved.real);
    if (!info.isFile()) {
      return { refusal: 'Is not a file' };
    }
    if (info.size > this.#maxFileBytes) {
      return {
        refusal: `Is ${info.size} bytes, above the limit of ${
          this.#maxFileBytes
        } bytes per file`,
      };
    }
    // Checked before reading, so that a huge chart is refused without being held in memory.
    if (this.#totalBytes + info.size > this.#maxTotalBytes) {
      return {
        refusal: `Takes the driver version's files above the limit of ${
          this.#maxTotalBytes
        } bytes in total`,
      };
    }
    const content = await readFile(resolved.real);
    this.#files.set(path, content);
    this.#totalBytes += content.length;
    return { content };
  }

  /** Whether a path names a file inside the driver (without reading it). */
  async isFile(path: string): Promise<boolean> {
    const resolved = await this.#resolve(path);
    return 'real' in resolved && (await stat(resolved.real)).isFile();
  }

  /**
   * Reads every file under a directory of the driver, in a stable order, and returns the
   * refusals by path. Directories reached twice through symbolic links are read once.
   */
  readTree(path: string): Promise<Array<{ path: string; refusal: string }>> {
    return this.#readTree(path, new Set());
  }

  async #readTree(
    path: string,
    visited: Set<string>,
  ): Promise<Array<{ path: string; refusal: string }>> {
    const resolved = await this.#resolve(path);
    if ('refusal' in resolved) {
      return [{ path, refusal: resolved.refusal }];
    }
    if (visited.has(resolved.real)) {
      return [];
    }
    visited.add(resolved.real);
    if (!(await stat(resolved.real)).isDirectory()) {
      return [{ path, refusal: 'Is not a directory' }];
    }
    const refusals: Array<{ path: string; refusal: string }> = [];
    const entries = (await readdir(resolved.real)).sort();
    for (const name of entries) {
      const child = `${path}/${name}`;
      const info = await lstat(join(resolved.real, name));
      const target = info.isSymbolicLink()
        ? await this.#resolve(child)
        : undefined;
      if (target && 'refusal' in target) {
        refusals.push({ path: child, refusal: target.refusal });
      } else if ((target ? await stat(target.real) : info).isDirectory()) {
        refusals.push(...(await this.#readTree(child, visited)));
      } else {
        const read = await this.read(child);
        if ('refusal' in read) {
          refusals.push({ path: child, refusal: read.refusal });
        }
      }
    }
    return refusals;
  }
}

function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') {
    return 'Does not exist';
  }
  if (code === 'ELOOP') {
    return 'Is a loop of symbolic links';
  }
  return (error as Error).message;
}
