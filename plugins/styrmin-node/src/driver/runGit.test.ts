import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GitCommandError, runGit } from './runGit';

/** A git command that runs for a while and starts a child of its own (a shell alias). */
const SLOW = ['-c', 'alias.slow=!sleep 5', 'slow'];

describe('runGit', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'styrmin-run-git-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('returns what git prints', async () => {
    await expect(
      runGit(['--version'], { cwd: dir, deadline: Date.now() + 10_000 }),
    ).resolves.toMatch(/^git version \d+/);
  });

  it('reports git failures with git’s own words, in English', async () => {
    const error = await runGit(['rev-parse', 'HEAD'], {
      cwd: dir,
      deadline: Date.now() + 10_000,
    }).catch(e => e);

    expect(error).toBeInstanceOf(GitCommandError);
    expect(error.reason).toBe('failed');
    expect(error.message).toBe(
      'not a git repository (or any of the parent directories): .git',
    );
  });

  it('kills git and its children at the deadline', async () => {
    const started = Date.now();
    const error = await runGit(SLOW, {
      cwd: dir,
      deadline: started + 200,
    }).catch(e => e);

    expect(error).toBeInstanceOf(GitCommandError);
    expect(error.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('kills git when the watched directory grows above the limit', async () => {
    await writeFile(join(dir, 'pack'), Buffer.alloc(2048));
    const started = Date.now();
    const error = await runGit(SLOW, {
      cwd: dir,
      deadline: started + 10_000,
      watch: { dir, maxBytes: 1024 },
    }).catch(e => e);

    expect(error).toBeInstanceOf(GitCommandError);
    expect(error.reason).toBe('too-large');
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
