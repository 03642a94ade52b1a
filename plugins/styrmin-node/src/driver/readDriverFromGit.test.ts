import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { execFile } from 'node:child_process';
import {
  cp,
  mkdir,
  mkdtemp,
  readdir,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { readDriverDirectory } from './readDriverDirectory';
import { readDriverFromGit } from './readDriverFromGit';

const DRIVERS = join(__dirname, '..', '..', '..', '..', 'drivers');

/** git with a fixed identity, for building the test repositories. */
async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    'git',
    ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args],
    { cwd },
  );
  return stdout.trim();
}

async function digestOf(dir: string): Promise<string> {
  const result = await readDriverDirectory(dir);
  if (!result.success) {
    throw new Error(JSON.stringify(result.problems));
  }
  return result.bundle.digest;
}

/** The error a promise rejects with, to check its code, field and message together. */
async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => {
      throw new Error('Expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StyrminError);
  const { code, field, message } = error as StyrminError;
  return { code, field, message };
}

describe('readDriverFromGit', () => {
  const originalTmpdir = process.env.TMPDIR;
  let work: string;
  /** Where the loader makes its temporary directories: empty again after each read. */
  let loaderTmp: string;
  let repository: string;
  let firstCommit: string;
  let secondCommit: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'styrmin-git-test-'));
    loaderTmp = join(work, 'tmp');
    await mkdir(loaderTmp);
    repository = join(work, 'repository');
    await mkdir(repository);
    await git(repository, 'init', '--quiet', '--initial-branch=main');
    await cp(
      join(DRIVERS, 'infrahub', '1.0.0'),
      join(repository, 'drivers', 'infrahub'),
      { recursive: true },
    );
    await git(repository, 'add', '.');
    await git(repository, 'commit', '--quiet', '-m', 'Infrahub 1.0.0');
    await git(repository, 'tag', '-a', 'v1.0.0', '-m', 'The first version');
    firstCommit = await git(repository, 'rev-parse', 'HEAD');

    await rm(join(repository, 'drivers', 'infrahub'), { recursive: true });
    await cp(
      join(DRIVERS, 'infrahub', '1.1.0'),
      join(repository, 'drivers', 'infrahub'),
      { recursive: true },
    );
    await symlink('/etc', join(repository, 'escape'));
    await git(repository, 'add', '--all');
    await git(repository, 'commit', '--quiet', '-m', 'Infrahub 1.1.0');
    secondCommit = await git(repository, 'rev-parse', 'HEAD');
    // A directory that inflates far beyond what it takes in the repository.
    await git(repository, 'checkout', '--quiet', '-b', 'inflating');
    await mkdir(join(repository, 'drivers', 'inflating'));
    await writeFile(
      join(repository, 'drivers', 'inflating', 'zeros'),
      Buffer.alloc(4 * 1024 * 1024),
    );
    await git(repository, 'add', '.');
    await git(repository, 'commit', '--quiet', '-m', 'Inflating');
    await git(repository, 'checkout', '--quiet', 'main');
    process.env.TMPDIR = loaderTmp;
  });

  afterEach(async () => {
    // Whatever happened, the loader left nothing behind.
    const left = await readdir(loaderTmp);
    if (left.length > 0) {
      throw new Error(`The loader left ${left.join(', ')} behind`);
    }
  });

  afterAll(async () => {
    process.env.TMPDIR = originalTmpdir;
    await rm(work, { recursive: true, force: true });
  });

  it.each<[string, () => string, () => string | undefined, 1 | 2]>([
    [
      'a file:// URL at a branch',
      () => `file://${repository}`,
      () => 'main',
      2,
    ],
    ['a path at an annotated tag', () => repository, () => 'v1.0.0', 1],
    [
      'a file:// URL at a full commit',
      () => `file://${repository}`,
      () => firstCommit,
      1,
    ],
    [
      'a file:// URL at an abbreviated commit',
      () => `file://${repository}`,
      () => firstCommit.slice(0, 10),
      1,
    ],
    ['a path at its default branch', () => repository, () => undefined, 2],
  ])(
    'reads %s and records the commit',
    async (_case, url, ref, commitNumber) => {
      const result = await readDriverFromGit({
        url: url(),
        ref: ref(),
        path: 'drivers/infrahub',
      });

      if (!result.success) {
        throw new Error(JSON.stringify(result.problems));
      }
      const version = `1.${commitNumber - 1}.0`;
      expect(result.commit).toBe(
        commitNumber === 1 ? firstCommit : secondCommit,
      );
      expect(result.path).toBe('drivers/infrahub');
      expect(result.bundle.spec.spec.version).toBe(version);
      // The same files give the same digest, wherever they were read from.
      expect(result.bundle.digest).toBe(
        await digestOf(join(DRIVERS, 'infrahub', version)),
      );
    },
  );

  it('asks before it reads a repository on this machine, and stops when refused', async () => {
    const checkLocalRepository = jest
      .fn()
      .mockRejectedValue(new StyrminError('FORBIDDEN', 'Not here'));

    await expect(
      readDriverFromGit({
        url: `file://${repository}/./`,
        path: 'drivers/infrahub',
        checkLocalRepository,
      }),
    ).rejects.toThrow('Not here');
    expect(checkLocalRepository).toHaveBeenCalledWith(`${repository}/`);
  });

  it('returns the problems of the driver, with paths relative to its directory', async () => {
    const broken = join(work, 'broken');
    await mkdir(broken);
    await git(broken, 'init', '--quiet', '--initial-branch=main');
    await writeFile(
      join(broken, 'driver.styrmin.yml'),
      'apiVersion: styrmin.io/v1alpha1\nkind: Driver\n',
    );
    await git(broken, 'add', '.');
    await git(broken, 'commit', '--quiet', '-m', 'Broken');

    const result = await readDriverFromGit({ url: broken, ref: 'main' });

    expect(result.success).toBe(false);
    expect(result.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(!result.success && result.problems).toContainEqual(
      expect.objectContaining({
        file: 'driver.styrmin.yml',
        path: 'kind',
        line: 2,
        column: 7,
      }),
    );
  });

  it.each([
    [
      'a ref that does not exist',
      { ref: 'no-such-branch' },
      'ref',
      /has no branch, tag or commit "no-such-branch"/,
    ],
    [
      'a commit that does not exist',
      { ref: 'deadbeef' },
      'ref',
      /has no branch, tag or commit "deadbeef"/,
    ],
    [
      'a path that does not exist',
      { path: 'drivers/semaphore' },
      'path',
      /has no directory drivers\/semaphore at main/,
    ],
    [
      'a path that is a symbolic link out of the repository',
      { path: 'escape' },
      'path',
      /escape is a symbolic link that leaves the repository/,
    ],
    [
      'a driver directory that checks out above the size limit',
      {
        ref: 'inflating',
        path: 'drivers/inflating',
        maxRepositoryBytes: 1024 * 1024,
      },
      'path',
      /drivers\/inflating in .* holds 4194304 bytes, more than 1048576/,
    ],
    ['a read past the timeout', { timeoutMs: 1 }, 'url', /took longer than/],
  ])('refuses %s', async (_case, options, field, message) => {
    await expect(
      failure(
        readDriverFromGit({
          url: `file://${repository}`,
          ref: 'main',
          path: 'drivers/infrahub',
          ...options,
        }),
      ),
    ).resolves.toEqual({
      code: 'VALIDATION_FAILED',
      field,
      message: expect.stringMatching(message),
    });
  });

  it('reads the files within the limits it is given', async () => {
    const result = await readDriverFromGit({
      url: `file://${repository}`,
      ref: 'main',
      path: 'drivers/infrahub',
      limits: { maxFileBytes: 512 },
    });
    expect(!result.success && result.problems).toContainEqual(
      expect.objectContaining({
        message: expect.stringMatching(/above the limit of 512 bytes per file/),
      }),
    );
  });

  it('asks about a remote host before git connects to it', async () => {
    const refusal = new StyrminError('FORBIDDEN', 'Not this host', {
      field: 'url',
    });
    const checkRemoteHost = jest.fn().mockRejectedValue(refusal);
    const checkLocalRepository = jest.fn();
    await expect(
      readDriverFromGit({
        url: 'https://GitHub.com./opsmill/drivers.git',
        checkRemoteHost,
        checkLocalRepository,
      }),
    ).rejects.toBe(refusal);
    expect(checkRemoteHost).toHaveBeenCalledWith('github.com');
    expect(checkLocalRepository).not.toHaveBeenCalled();
  });

  it('asks no host about a repository on this machine', async () => {
    const checkRemoteHost = jest.fn();
    const result = await readDriverFromGit({
      url: `file://${repository}`,
      ref: 'main',
      path: 'drivers/infrahub',
      checkRemoteHost,
    });
    expect(result.success).toBe(true);
    expect(checkRemoteHost).not.toHaveBeenCalled();
  });

  it('refuses an unreachable repository', async () => {
    await expect(
      failure(
        readDriverFromGit({ url: `file://${work}/nothing-here`, ref: 'main' }),
      ),
    ).resolves.toEqual({
      code: 'VALIDATION_FAILED',
      field: 'url',
      message: expect.stringMatching(
        /^Could not read the git repository file:\/\/.*\/nothing-here: .*does not appear to be a git repository/,
      ),
    });
  });

  describe('refuses input that could smuggle an option or a command, before running git', () => {
    afterEach(async () => {
      if ((await readdir(work)).includes('pwned')) {
        throw new Error('A smuggled command ran');
      }
    });

    it.each([
      ['url', { url: '--upload-pack=touch /tmp/pwned' }],
      ['url', { url: '--upload-pack=touch' }],
      ['url', { url: '-cprotocol.ext.allow=always' }],
      ['url', { url: 'ext::sh -c touch% /tmp/pwned' }],
      ['url', { url: 'ext::sh' }],
      ['url', { url: 'fd::17' }],
      ['url', { url: 'https://example.com/--upload-pack=touch' }],
      ['url', { url: 'ssh://-oProxyCommand=touch/repo' }],
      ['url', { url: 'git@-oProxyCommand=touch:repo' }],
      ['url', { url: 'https://user:secret@example.com/repo.git' }],
      ['url', { url: 'https://token@example.com/repo.git' }],
      ['url', { url: 'ftp://example.com/repo.git' }],
      ['url', { url: 'relative/repository' }],
      ['url', { url: 'https://example.com/repo.git\n-c' }],
      ['url', { url: '' }],
      ['ref', { ref: '--upload-pack=touch' }],
      ['ref', { ref: '-c' }],
      ['ref', { ref: 'main:refs/heads/evil' }],
      ['ref', { ref: '+main' }],
      ['ref', { ref: 'refs/heads/*' }],
      ['ref', { ref: 'main\n' }],
      ['ref', { ref: 'a..b' }],
      ['ref', { ref: '' }],
      ['path', { path: '../outside' }],
      ['path', { path: '/etc' }],
      ['path', { path: '--output=x' }],
      ['path', { path: 'a\\b' }],
    ])('%s %j', async (field, options) => {
      const checkLocalRepository = jest.fn();
      await expect(
        failure(
          readDriverFromGit({
            url: `file://${repository}`,
            ...options,
            checkLocalRepository,
          }),
        ),
      ).resolves.toEqual({
        code: 'VALIDATION_FAILED',
        field,
        message: expect.any(String),
      });
      expect(checkLocalRepository).not.toHaveBeenCalled();
    });
  });
});
