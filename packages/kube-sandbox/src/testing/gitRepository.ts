import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runTool } from '../tools/runTool';

/** A git repository in a temporary folder, served to Flux as a `file://` URL. */
export interface LocalGitRepository {
  url: string;
  directory: string;
  /** Copies a folder into the repository at `target` and commits it; returns the commit. */
  commit(source: string, target: string, message?: string): Promise<string>;
  remove(): Promise<void>;
}

export async function createGitRepository(
  branch = 'main',
): Promise<LocalGitRepository> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'git-source-'));
  const git = async (...args: string[]) => {
    const result = await runTool('git', args, {
      cwd: directory,
      env: {
        ...process.env,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_AUTHOR_NAME: 'kube-sandbox',
        GIT_AUTHOR_EMAIL: 'kube-sandbox@example.com',
        GIT_COMMITTER_NAME: 'kube-sandbox',
        GIT_COMMITTER_EMAIL: 'kube-sandbox@example.com',
      },
    });
    if (result.exitCode !== 0) {
      throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
    }
    return result.stdout.trim();
  };
  await git('init', '--quiet', '--initial-branch', branch);
  return {
    url: `file://${directory}`,
    directory,
    async commit(source, target, message = `add ${target}`) {
      await fs.cp(source, path.join(directory, target), { recursive: true });
      await git('add', '--all');
      await git('commit', '--quiet', '--message', message);
      return git('rev-parse', 'HEAD');
    },
    remove: () => fs.rm(directory, { recursive: true, force: true }),
  };
}
