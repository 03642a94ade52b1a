/*
 * What the scripts that write a page of docs/ share: the page formatted as prettier
 * formats the repository, and their --check mode.
 */
import { readFileSync, writeFileSync } from 'node:fs';

// prettier 2 ships no types: these are the two functions the scripts use.
const prettier: {
  resolveConfig: { sync(file: string): Record<string, unknown> | null };
  format(source: string, options: Record<string, unknown>): string;
} = require('prettier');

/**
 * Writes `markdown`, formatted, to `output`; with --check on the command line it writes
 * nothing and exits 1 when `output` is not what it would write (a missing file included),
 * naming `script` as what makes it again.
 */
export function writeGeneratedDocument(options: {
  output: string;
  markdown: string;
  script: string;
  page: string;
}): void {
  const { output, script, page } = options;
  const markdown = prettier.format(options.markdown, {
    ...(prettier.resolveConfig.sync(output) ?? {}),
    parser: 'markdown',
  });
  if (!process.argv.includes('--check')) {
    writeFileSync(output, markdown);
    return;
  }
  let committed = '';
  try {
    committed = readFileSync(output, 'utf8');
  } catch {
    // A missing file is stale too.
  }
  if (committed !== markdown) {
    console.error(
      `${page} is stale: run node -r @backstage/cli/config/nodeTransform.cjs ${script}`,
    );
    process.exit(1);
  }
}
