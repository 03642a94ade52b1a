import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Options of {@link runGit}.
 */
export interface RunGitOptions {
  cwd: string;
  /** When git must be done (milliseconds since the epoch); it is killed then. */
  deadline: number;
  /** Kill git as soon as the files under `dir` take more than `maxBytes`. */
  watch?: { dir: string; maxBytes: number };
}

/**
 * Why a git command did not succeed: it failed on its own, it ran past its deadline, or
 * what it fetched grew above the limit.
 */
export class GitCommandError extends Error {
  name = 'GitCommandError' as const;
  readonly reason: 'failed' | 'timeout' | 'too-large';
  /** git's own error output, in English (git runs with LC_ALL=C). */
  readonly stderr: string;

  constructor(reason: GitCommandError['reason'], stderr: string) {
    super(
      stderr
        .split('\n')
        .map(line => line.replace(/^(fatal|error): /, '').trim())
        .find(Boolean) ?? `git ${reason}`,
    );
    this.reason = reason;
    this.stderr = stderr;
  }
}

/**
 * Options before every command: no `ext::` transport, whatever the configuration says; no
 * HTTP redirect, which would lead git to a host nobody checked; no hooks or file-system
 * monitor from the server's own git configuration; and pathspecs taken literally, so a
 * path cannot be pathspec magic (`:(glob)...`).
 */
const SAFETY_ARGS = [
  '-c',
  'protocol.ext.allow=never',
  '-c',
  'http.followRedirects=false',
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'core.fsmonitor=false',
  '--literal-pathspecs',
];

/** Variables that would point git at another repository than the one it was given. */
const REPOSITORY_VARIABLES = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_INDEX_FILE',
  'GIT_OBJECT_DIRECTORY',
  'GIT_ALTERNATE_OBJECT_DIRECTORIES',
  'GIT_COMMON_DIR',
  'GIT_NAMESPACE',
  'GIT_CEILING_DIRECTORIES',
];

/** Output is what git lists (ls-tree of a driver directory, an object name), never a repository. */
const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;

/** How often the size of what git fetches is measured. */
const WATCH_INTERVAL_MS = 200;

function gitEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of REPOSITORY_VARIABLES) {
    delete env[name];
  }
  return {
    ...env,
    // Transports git may use, for the repository and anything it refers to.
    GIT_ALLOW_PROTOCOL: 'file:https:http:ssh:git',
    // Never wait for a password that nobody will type; fail instead.
    GIT_TERMINAL_PROMPT: '0',
    GIT_SSH_COMMAND: env.GIT_SSH_COMMAND ?? 'ssh -o BatchMode=yes',
    // Messages in English, so that failures can be told apart.
    LC_ALL: 'C',
  };
}

/**
 * Runs the real `git` binary, never through a shell, and returns its stdout. git runs in a
 * process group of its own, so that killing it at the deadline or at the size limit also
 * ends the helpers it started (`git-remote-https`, `ssh`, `upload-pack`); that is why this
 * uses `spawn` (`execFile` cannot start a process group). Rejects with a
 * {@link GitCommandError}, or a plain Error when there is no git to run.
 */
export function runGit(
  args: string[],
  options: RunGitOptions,
): Promise<string> {
  const { cwd, deadline, watch } = options;
  return new Promise((resolve, reject) => {
    let stoppedFor: 'timeout' | 'too-large' | undefined;
    const timers: NodeJS.Timeout[] = [];
    const child = spawn('git', [...SAFETY_ARGS, ...args], {
      cwd,
      env: gitEnvironment(),
      detached: true,
      shell: false,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stop = (reason: 'timeout' | 'too-large') => {
      stoppedFor ??= reason;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };

    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let outputBytes = 0;
    const collect = (chunks: Buffer[]) => (chunk: Buffer) => {
      outputBytes += chunk.length;
      if (outputBytes > MAX_OUTPUT_BYTES) {
        stop('too-large');
      } else {
        chunks.push(chunk);
      }
    };
    child.stdout.on('data', collect(stdout));
    child.stderr.on('data', collect(stderr));

    child.on('error', error => {
      timers.forEach(clearTimeout);
      reject(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error(
              'Loading drivers from git needs the git binary on the PATH of the Styrmin server',
            )
          : error,
      );
    });
    child.on('close', code => {
      timers.forEach(clearTimeout);
      const errorText = Buffer.concat(stderr).toString('utf8');
      if (stoppedFor) {
        reject(new GitCommandError(stoppedFor, errorText));
      } else if (code !== 0) {
        reject(
          new GitCommandError('failed', errorText || `git exited with ${code}`),
        );
      } else {
        resolve(Buffer.concat(stdout).toString('utf8'));
      }
    });

    timers.push(
      setTimeout(() => stop('timeout'), Math.max(0, deadline - Date.now())),
    );
    if (watch) {
      let measuring = false;
      timers.push(
        setInterval(async () => {
          if (measuring) {
            return;
          }
          measuring = true;
          try {
            if ((await directorySize(watch.dir)) > watch.maxBytes) {
              stop('too-large');
            }
          } finally {
            measuring = false;
          }
        }, WATCH_INTERVAL_MS),
      );
    }
  });
}

/** The bytes the files under a directory take; files that vanish while counting count 0. */
async function directorySize(dir: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let total = 0;
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      total += await directorySize(path);
    } else {
      total += await stat(path).then(
        info => info.size,
        () => 0,
      );
    }
  }
  return total;
}
