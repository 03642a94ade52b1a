import { LoggerService } from '@backstage/backend-plugin-api';
import {
  formatStyrminProblem,
  StyrminError,
} from '@styrmin/plugin-styrmin-common';
import {
  DriverArchiveError,
  DriverProblem,
  readDriverArchive,
  readDriverDirectory,
  readDriverFromGit,
  ReadDriverDirectoryResult,
} from '@styrmin/plugin-styrmin-node';
import {
  DriverSource,
  DriverStore,
  DriverStoreLoadResult,
} from './DriverStore';
import { GitSourcePolicy } from './GitSourcePolicy';
import { ServerDirectoryPolicy } from './ServerDirectoryPolicy';

/**
 * What to load a driver version from.
 *
 * @internal
 */
export type DriverLoadInput =
  | {
      /** A directory on the server's machine. */
      source: 'DIRECTORY';
      path: string;
    }
  | {
      /** A git repository, at a branch, tag or commit (the default branch when absent). */
      source: 'GIT';
      url: string;
      ref?: string;
      /** The driver directory in the repository. */
      path?: string;
    }
  | {
      /** Files a client read and packed with packDriverBundle. */
      source: 'UPLOAD';
      archive: Buffer;
      /** The directory the client read, as it names it; recorded, never read. */
      path?: string;
    };

/**
 * Options of {@link DriverLoader.create}.
 *
 * @internal
 */
export type DriverLoaderOptions = {
  store: DriverStore;
  directories: ServerDirectoryPolicy;
  git: GitSourcePolicy;
  logger: LoggerService;
};

/**
 * Loads application driver versions: reads one from its source with the readers of
 * @styrmin/plugin-styrmin-node (the same code that `styrminctl drivers validate` runs),
 * and stores it. Whatever the source, the server validates and digests the files itself:
 * nothing a client computed is trusted, and a driver with problems stores nothing.
 *
 * @internal
 */
export class DriverLoader {
  readonly #store: DriverStore;
  readonly #directories: ServerDirectoryPolicy;
  readonly #git: GitSourcePolicy;
  readonly #logger: LoggerService;

  static create(options: DriverLoaderOptions): DriverLoader {
    return new DriverLoader(options);
  }

  private constructor(options: DriverLoaderOptions) {
    this.#store = options.store;
    this.#directories = options.directories;
    this.#git = options.git;
    this.#logger = options.logger;
  }

  /**
   * Reads and stores a driver version. Throws `VALIDATION_FAILED` with every problem of the
   * driver in `problems`, or with the input at fault in `field` (an unreachable repository,
   * a ref it does not have, a damaged archive); `FORBIDDEN` for a path on the server outside
   * the allowed directories, or a git host or local repository that the git policy refuses;
   * `CONFLICT` for a loaded version with other content.
   */
  async load(options: {
    input: DriverLoadInput;
    loadedBy: string;
  }): Promise<DriverStoreLoadResult> {
    const { input, loadedBy } = options;
    const { result, source } = await this.#read(input);
    if (!result.success) {
      throw problemsError(result.problems);
    }
    const loaded = await this.#store.loadDriverVersion({
      bundle: result.bundle,
      source,
      loadedBy,
    });
    if (loaded.created) {
      const { name, version, digest } = loaded.driverVersion;
      this.#logger.info(
        `Loaded driver version ${name} ${version} (${digest}) from ${describeSource(
          source,
        )}`,
        { loadedBy },
      );
    }
    return loaded;
  }

  async #read(
    input: DriverLoadInput,
  ): Promise<{ result: ReadDriverDirectoryResult; source: DriverSource }> {
    switch (input.source) {
      case 'DIRECTORY': {
        const path = await this.#directories.resolve(input.path);
        return {
          result: await readDriverDirectory(path),
          source: { type: 'DIRECTORY', path },
        };
      }
      case 'GIT': {
        const { url, ref } = input;
        const { commit, path, ...result } = await readDriverFromGit({
          url,
          ref,
          path: input.path,
          ...this.#git.limits,
          checkLocalRepository: async repository => {
            this.#git.checkLocalRepository();
            await this.#directories.resolve(repository, { field: 'url' });
          },
          checkRemoteHost: host => this.#git.checkRemoteHost(host),
        });
        return {
          result,
          source: { type: 'GIT', url, ...(ref && { ref }), commit, path },
        };
      }
      case 'UPLOAD': {
        let result: ReadDriverDirectoryResult;
        try {
          result = await readDriverArchive(input.archive);
        } catch (error) {
          if (error instanceof DriverArchiveError) {
            throw new StyrminError('VALIDATION_FAILED', error.message, {
              field: 'archive',
            });
          }
          throw error;
        }
        return {
          result,
          source: input.path
            ? { type: 'UPLOAD', path: input.path }
            : { type: 'UPLOAD' },
        };
      }
      default:
        throw new TypeError(
          `Unknown driver source ${JSON.stringify(
            (input as { source: unknown }).source,
          )}`,
        );
    }
  }
}

function problemsError(problems: DriverProblem[]): StyrminError {
  const [first] = problems;
  const count =
    problems.length === 1 ? 'a problem' : `${problems.length} problems`;
  return new StyrminError(
    'VALIDATION_FAILED',
    `The driver has ${count}, the first: ${formatStyrminProblem(first)}`,
    { problems },
  );
}

function describeSource(source: DriverSource): string {
  switch (source.type) {
    case 'DIRECTORY':
      return source.path;
    case 'GIT':
      return `${source.url} ${source.path} at ${source.commit}`;
    default:
      return source.path ? `files sent from ${source.path}` : 'files sent';
  }
}
