#!/usr/bin/env node
/*
 * Builds the compiled styrminctl that scripts/styrminctl runs: src/index.ts and the
 * workspace packages it imports, bundled by esbuild into one CommonJS file,
 * dist/styrminctl.cjs. Node then starts it without transforming TypeScript. It runs in
 * this repository, beside the node_modules it leaves out (typescript).
 *
 * Beside it, dist/styrminctl.inputs lists every source file that went into it (and the
 * lockfile), one absolute path a line: the bundle is stale as soon as one of them is newer,
 * or gone. The bundle is written to a temporary file and renamed, so a styrminctl that
 * starts meanwhile runs the old or the new one, never half of one.
 */
const { mkdirSync, renameSync, writeFileSync } = require('node:fs');
const { resolve } = require('node:path');

// esbuild is the bundler that @backstage/cli (a devDependency) builds packages with; it
// is taken from there rather than declared a second time.
const { build } = require(require.resolve('esbuild', {
  paths: [require.resolve('@backstage/cli/package.json')],
}));

const packageDir = resolve(__dirname, '..');
const repoRoot = resolve(packageDir, '../..');
const outfile = resolve(packageDir, 'dist/styrminctl.cjs');

async function bundle() {
  mkdirSync(resolve(packageDir, 'dist'), { recursive: true });
  const partial = `${outfile}.${process.pid}.tmp`;
  const { metafile } = await build({
    absWorkingDir: packageDir,
    entryPoints: ['src/index.ts'],
    outfile: partial,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    metafile: true,
    // The TypeScript compiler (driver validation scans a driver's modules with it) is 10 MB
    // that only `drivers load` and `validate` use: left out, Node reads it from
    // node_modules when one of them loads it, and every other command starts without it.
    external: ['typescript'],
    logLevel: 'warning',
    // The compile cache of Node (NODE_COMPILE_CACHE) keys on the file's content; no source
    // maps, which would double what Node reads.
    sourcemap: false,
  });
  const inputs = Object.keys(metafile.inputs)
    .filter(input => !input.includes('node_modules/'))
    .map(input => resolve(packageDir, input));
  writeFileSync(
    `${outfile.replace(/\.cjs$/, '')}.inputs`,
    `${[...inputs, resolve(repoRoot, 'yarn.lock')].join('\n')}\n`,
  );
  renameSync(partial, outfile);
}

bundle().catch(error => {
  process.stderr.write(`styrminctl: could not build ${outfile}: ${error}\n`);
  process.exitCode = 1;
});
