import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { JsonMap } from '../../../util/json';
import { runTool } from '../../../tools/runTool';
import { latestInRange } from './semverRange';

/** A GitRepository's checkout: its revision as Flux writes it and a tarball of its files. */
export interface GitCheckout {
  /** `<branch>@sha1:<commit>`, `<tag>@sha1:<commit>` or `sha1:<commit>`. */
  revision: string;
  archive: Buffer;
}

const GIT_ENV = {
  GIT_TERMINAL_PROMPT: '0',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
};

async function git(args: string[], cwd?: string): Promise<string> {
  const result = await runTool('git', args, {
    cwd,
    env: { ...process.env, ...GIT_ENV },
  });
  if (result.exitCode !== 0) {
    throw new Error(
      result.stderr.trim().split('\n').pop() ||
        `git ${args[0]} exited with ${result.exitCode}`,
    );
  }
  return result.stdout;
}

/** The highest tag in a semver range, from `git ls-remote --tags`. */
async function semverTag(url: string, range: string): Promise<string> {
  const tags = (await git(['ls-remote', '--tags', '--refs', url]))
    .split('\n')
    .map(line => line.split('\trefs/tags/')[1])
    .filter(Boolean);
  const tag = latestInRange(tags, range);
  if (!tag) {
    throw new Error(`no match found for semver: ${range}`);
  }
  return tag;
}

/**
 * Checks a GitRepository's `ref` out with the real `git` (branch, tag, semver, name or commit;
 * Flux's default is the `master` branch) and packs its files with `git archive`, as
 * source-controller's artifact is a tarball of the checkout.
 */
export async function checkOutGit(
  url: string,
  ref: JsonMap = {},
): Promise<GitCheckout> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'kube-sandbox-git-'));
  try {
    const checkout = path.join(work, 'checkout');
    const tag = ref.semver ? await semverTag(url, ref.semver) : ref.tag;
    const name: string | undefined =
      ref.name ?? (tag ? `refs/tags/${tag}` : undefined);
    const branch: string | undefined =
      name || ref.commit ? ref.branch : ref.branch ?? 'master';
    if (ref.commit) {
      await git(['clone', '--quiet', '--no-checkout', url, checkout]);
      await git(['checkout', '--quiet', '--detach', ref.commit], checkout);
    } else if (name) {
      await git(['init', '--quiet', checkout]);
      await git(['fetch', '--quiet', '--depth', '1', url, name], checkout);
      await git(['checkout', '--quiet', '--detach', 'FETCH_HEAD'], checkout);
    } else {
      await git([
        'clone',
        '--quiet',
        '--depth',
        '1',
        '--single-branch',
        '--branch',
        branch!,
        url,
        checkout,
      ]);
    }
    const commit = (await git(['rev-parse', 'HEAD'], checkout)).trim();
    const archiveFile = path.join(work, 'source.tar.gz');
    await git(
      ['archive', '--format=tar.gz', '-o', archiveFile, 'HEAD'],
      checkout,
    );
    const label = tag ?? ref.name ?? (ref.commit ? ref.branch : branch);
    return {
      revision: label ? `${label}@sha1:${commit}` : `sha1:${commit}`,
      archive: await fs.readFile(archiveFile),
    };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
