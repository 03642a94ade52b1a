import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** The workspace packages the agent's image holds, in the order they build. */
const PACKAGES = [
  'plugin-styrmin-common',
  'plugin-styrmin-node',
  'workqueue',
  'sdk',
  'agent',
];

/**
 * Builds the agent as its image does (agent/Dockerfile: types, then each workspace package's
 * compiled JavaScript, then a workspace of just those packages) into `directory`, and
 * returns the path of its `bin/styrmin-agent`, which runs `dist` there since that workspace
 * has no sources. The image installs the production dependencies into that workspace; here
 * its `node_modules` links those of the repository, the same versions, and the built
 * packages in place of the workspace's own. The packages' `dist` directories, which the
 * build writes next to their sources, are removed again.
 */
export function buildAgent(directory: string): string {
  const run = (args: string[]) =>
    execFileSync('yarn', args, {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'ignore'],
    });
  const dists = PACKAGES.map(name => path.join(sourceFolder(name), 'dist'));
  try {
    // The declarations the builds read; a type error elsewhere in the repository (the
    // checkout is shared) still emits them and changes nothing the agent runs.
    try {
      run(['tsc']);
    } catch {
      process.stderr.write('yarn tsc reported errors; building on\n');
    }
    for (const name of PACKAGES) {
      run(['workspace', `@styrmin/${name}`, 'build']);
    }
    fs.mkdirSync(directory, { recursive: true });
    run(['backstage-cli', 'build-workspace', directory, '@styrmin/agent']);
  } finally {
    for (const dist of dists) {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  }
  linkDependencies(directory);
  return path.join(directory, 'agent/bin/styrmin-agent');
}

function linkDependencies(directory: string) {
  const modules = path.join(directory, 'node_modules');
  const repository = path.join(ROOT, 'node_modules');
  fs.mkdirSync(path.join(modules, '@styrmin'), { recursive: true });
  for (const entry of fs.readdirSync(repository)) {
    if (entry !== '@styrmin' && entry !== '.bin') {
      fs.symlinkSync(path.join(repository, entry), path.join(modules, entry));
    }
  }
  // build-workspace keeps each package at its folder in the repository.
  for (const name of PACKAGES) {
    fs.symlinkSync(
      path.join(directory, path.relative(ROOT, sourceFolder(name))),
      path.join(modules, '@styrmin', name),
    );
  }
}

function sourceFolder(name: string): string {
  return fs.realpathSync(path.join(ROOT, 'node_modules/@styrmin', name));
}
