import { RootConfigService } from '@backstage/backend-plugin-api';
import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** The config key that lists where the server may read drivers from its own disk. */
export const ALLOWED_DIRECTORIES_KEY = 'styrmin.drivers.allowedDirectories';

/**
 * Options of {@link ServerDirectoryPolicy.create}.
 *
 * @internal
 */
export type ServerDirectoryPolicyOptions = {
  /** Absolute, or relative to `workingDirectory`. */
  allowedDirectories: string[];
  /** What relative paths are relative to: the backend's working directory by default. */
  workingDirectory?: string;
};

/**
 * Where on the server's own machine drivers may be loaded from: a driver directory, or a
 * git repository given as a `file://` URL or a path. Loading reads files with the server's
 * rights, so only the directories that `styrmin.drivers.allowedDirectories` lists may be
 * read, and none when it lists none (the default). Paths are checked as written and again
 * with symbolic links resolved, so that no link leads out of an allowed directory.
 *
 * @internal
 */
export class ServerDirectoryPolicy {
  readonly #allowed: string[];
  readonly #workingDirectory: string;

  static fromConfig(config: RootConfigService): ServerDirectoryPolicy {
    return ServerDirectoryPolicy.create({
      allowedDirectories:
        config.getOptionalStringArray(ALLOWED_DIRECTORIES_KEY) ?? [],
    });
  }

  static create(options: ServerDirectoryPolicyOptions): ServerDirectoryPolicy {
    const workingDirectory = options.workingDirectory ?? process.cwd();
    return new ServerDirectoryPolicy(
      options.allowedDirectories.map(dir => resolve(workingDirectory, dir)),
      workingDirectory,
    );
  }

  private constructor(allowed: string[], workingDirectory: string) {
    this.#allowed = allowed;
    this.#workingDirectory = workingDirectory;
  }

  /**
   * Returns the real path of `path` (absolute, or relative to the working directory) when
   * it lies inside an allowed directory; otherwise throws `FORBIDDEN`, before reading
   * anything when the path as written is outside. A path that does not exist inside an
   * allowed directory is `VALIDATION_FAILED`. `field` names the input that holds the path.
   */
  async resolve(
    path: string,
    options: { field?: string } = {},
  ): Promise<string> {
    const { field = 'path' } = options;
    if (this.#allowed.length === 0) {
      throw new StyrminError(
        'FORBIDDEN',
        `This server loads no driver from its own file system: ${ALLOWED_DIRECTORIES_KEY} ` +
          'lists no directory. Load from git, or send the files (styrminctl drivers load <dir>)',
        { field },
      );
    }
    const absolute = resolve(this.#workingDirectory, path);
    if (!this.#allowed.some(dir => isInside(dir, absolute))) {
      throw this.#outside(path, field);
    }
    let real: string;
    try {
      real = await realpath(absolute);
    } catch (error) {
      throw new StyrminError(
        'VALIDATION_FAILED',
        `${absolute} cannot be read: ${(error as Error).message}`,
        { field },
      );
    }
    const allowedReal = await Promise.all(
      this.#allowed.map(dir => realpath(dir).catch(() => undefined)),
    );
    if (!allowedReal.some(dir => dir !== undefined && isInside(dir, real))) {
      throw this.#outside(path, field);
    }
    return real;
  }

  #outside(path: string, field: string): StyrminError {
    return new StyrminError(
      'FORBIDDEN',
      `${path} is outside the directories this server loads drivers from ` +
        `(${ALLOWED_DIRECTORIES_KEY}: ${this.#allowed.join(', ')})`,
      { field },
    );
  }
}

function isInside(dir: string, path: string): boolean {
  const inside = relative(dir, path);
  return (
    inside === '' ||
    (inside !== '..' && !inside.startsWith(`..${sep}`) && !isAbsolute(inside))
  );
}
