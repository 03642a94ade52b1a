import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { DriverLimits } from './DriverDirectory';
import { checkGitRef, checkGitUrl, checkRepositoryPath } from './gitInput';
import { readDriverDirectory } from './readDriverDirectory';
import { GitCommandError, runGit } from './runGit';
import { ReadDriverDirectoryResult } from './types';
import { withTemporaryDirectory } from './withTemporaryDirectory';

/**
 * Options of {@link readDriverFromGit}.
 *
 * @public
 */
export interface ReadDriverFromGitOptions {
  /**
   * The repository: `https://`, `http://`, `ssh://`, `git://` or `file://` URL,
   * `user@host:path`, or an absolute path on this machine.
   */
  url: string;
  /** A branch, tag or commit (full or abbreviated); the remote's default branch when absent. */
  ref?: string;
  /** The driver directory inside the repository; its root when absent. */
  path?: string;
  /** The limits of the driver's files, as for {@link readDriverDirectory}. */
  limits?: DriverLimits;
  /** How long all git commands of one read may take together. Default 2 minutes. */
  timeoutMs?: number;
  /**
   * The most that the fetched repository, and separately the checked-out driver directory,
   * may take on disk. Default 256 MiB.
   */
  maxRepositoryBytes?: number;
  /**
   * Called with the absolute path of a repository on this machine (`file://` or a path)
   * before git reads it; throw to refuse. Without it, any local repository may be read.
   */
  checkLocalRepository?: (path: string) => Promise<void>;
  /**
   * Called with the host of any other repository (lower case, no trailing dot, an IPv6
   * address without brackets) before git connects to it; throw to refuse. Without it, any
   * host may be read.
   */
  checkRemoteHost?: (host: string) => Promise<void>;
}

/**
 * What {@link readDriverFromGit} returns: what reading the checked-out directory gave,
 * and where it was read.
 *
 * @public
 */
export type ReadDriverFromGitResult = ReadDriverDirectoryResult & {
  /** The full object name of the commit that was read. */
  commit: string;
  /** The driver directory in the repository, normalized (`.` for its root). */
  path: string;
};

const DEFAULT_TIMEOUT_MS = 2 * 60 * 1000;
const DEFAULT_MAX_REPOSITORY_BYTES = 256 * 1024 * 1024;

/** What git says when the remote has no such branch or tag, or will not serve a commit. */
const REF_NOT_FOUND =
  /couldn't find remote ref|not our ref|unadvertised object|no such remote ref|unknown revision/i;
/** A commit name, full or abbreviated: the only refs worth a full fetch. */
const COMMIT_NAME = /^[0-9a-f]{4,64}$/i;

/**
 * Reads an application driver version from a git repository: fetches the ref into a
 * temporary directory with the real git binary (shallow where the remote allows; an
 * abbreviated commit needs every branch and tag), checks out only the driver directory,
 * and reads it with {@link readDriverDirectory}. The temporary directory is removed
 * whatever happens.
 *
 * What is wrong with the request itself (a URL or ref that could smuggle an option, a ref
 * the repository does not have, an unreachable repository, a path that is not there, a
 * repository above the limits or slower than the timeout) throws `VALIDATION_FAILED` with
 * the input at fault in `field` (`url`, `ref` or `path`). Problems of the driver come back
 * as for a directory, with paths relative to the driver directory.
 *
 * @public
 */
export async function readDriverFromGit(
  options: ReadDriverFromGitOptions,
): Promise<ReadDriverFromGitResult> {
  const { url, localPath, host } = checkGitUrl(options.url);
  const ref = options.ref === undefined ? undefined : checkGitRef(options.ref);
  const path = checkRepositoryPath(options.path);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxRepositoryBytes ?? DEFAULT_MAX_REPOSITORY_BYTES;
  if (localPath && options.checkLocalRepository) {
    await options.checkLocalRepository(localPath);
  }
  if (host && options.checkRemoteHost) {
    await options.checkRemoteHost(host);
  }
  const deadline = Date.now() + timeoutMs;
  const refLabel = ref ?? 'its default branch';

  return withTemporaryDirectory('styrmin-driver-git-', async dir => {
    const repository = join(dir, 'repository');
    const git = (args: string[], watch = false) =>
      runGit(args, {
        cwd: dir,
        deadline,
        watch: watch ? { dir: repository, maxBytes } : undefined,
      }).catch(error => {
        if (!(error instanceof GitCommandError)) {
          throw error;
        }
        if (error.reason === 'timeout') {
          throw new StyrminError(
            'VALIDATION_FAILED',
            `Reading ${url} took longer than ${timeoutMs / 1000} s`,
            { field: 'url' },
          );
        }
        if (error.reason === 'too-large') {
          throw new StyrminError(
            'VALIDATION_FAILED',
            `${url} at ${refLabel} takes more than ${maxBytes} bytes; a driver repository should be small`,
            { field: 'url' },
          );
        }
        throw error;
      });
    /** Runs git in the repository. */
    const inRepository = (args: string[], watch = false) =>
      git(['-C', repository, ...args], watch);

    // No template: nothing of the machine's git templates (hooks) gets into the repository.
    await git(['init', '--quiet', '--template=', repository]);
    const commit = await fetchCommit();
    await checkTreeSize(commit);
    await inRepository(['checkout', '--quiet', commit, '--', path]);

    const driverDirectory = join(repository, path);
    // A driver directory that is a symbolic link could point anywhere on this machine.
    const real = await realpath(driverDirectory);
    const inside = relative(await realpath(repository), real);
    if (
      inside === '..' ||
      inside.startsWith(`..${sep}`) ||
      isAbsolute(inside)
    ) {
      throw new StyrminError(
        'VALIDATION_FAILED',
        `${path} is a symbolic link that leaves the repository`,
        { field: 'path' },
      );
    }
    return {
      ...(await readDriverDirectory(driverDirectory, options.limits)),
      commit,
      path,
    };

    async function fetchCommit(): Promise<string> {
      try {
        await inRepository(
          [
            'fetch',
            '--quiet',
            '--no-tags',
            '--depth=1',
            '--end-of-options',
            url,
            ref ?? 'HEAD',
          ],
          true,
        );
        return await resolveCommit('FETCH_HEAD');
      } catch (error) {
        if (!(error instanceof GitCommandError)) {
          throw error;
        }
        if (!REF_NOT_FOUND.test(error.stderr)) {
          throw new StyrminError(
            'VALIDATION_FAILED',
            `Could not read the git repository ${url}: ${error.message}`,
            { field: 'url' },
          );
        }
        if (!ref || !COMMIT_NAME.test(ref)) {
          throw refNotFound();
        }
      }
      // An abbreviated commit, or a remote that serves no commit by name: every branch and
      // tag, then the commit among them.
      await inRepository(
        [
          'fetch',
          '--quiet',
          '--end-of-options',
          url,
          '+refs/heads/*:refs/remotes/origin/*',
          '+refs/tags/*:refs/tags/*',
        ],
        true,
      );
      return resolveCommit(ref);
    }

    async function resolveCommit(name: string): Promise<string> {
      try {
        const output = await inRepository([
          'rev-parse',
          '--verify',
          '--quiet',
          '--end-of-options',
          `${name}^{commit}`,
        ]);
        return output.trim();
      } catch (error) {
        if (error instanceof GitCommandError) {
          throw refNotFound();
        }
        throw error;
      }
    }

    function refNotFound(): StyrminError {
      return new StyrminError(
        'VALIDATION_FAILED',
        `The git repository ${url} has no branch, tag or commit ${JSON.stringify(
          ref,
        )}`,
        { field: 'ref' },
      );
    }

    /** Refuses a driver directory that is missing, or too large to check out. */
    async function checkTreeSize(at: string): Promise<void> {
      const listing = await inRepository([
        'ls-tree',
        '-r',
        '-l',
        '-z',
        at,
        ...(path === '.' ? [] : ['--', path]),
      ]);
      const entries = listing.split('\0').filter(Boolean);
      if (entries.length === 0) {
        throw new StyrminError(
          'VALIDATION_FAILED',
          `The git repository ${url} has no directory ${path} at ${refLabel} (commit ${at})`,
          { field: 'path' },
        );
      }
      // `<mode> <type> <object> <size>\t<path>`; a submodule's size is "-".
      const total = entries.reduce((sum, entry) => {
        const size = Number(entry.split('\t')[0].split(/\s+/)[3]);
        return sum + (Number.isFinite(size) ? size : 0);
      }, 0);
      if (total > maxBytes) {
        throw new StyrminError(
          'VALIDATION_FAILED',
          `${path} in ${url} holds ${total} bytes, more than ${maxBytes}`,
          { field: 'path' },
        );
      }
    }
  });
}
