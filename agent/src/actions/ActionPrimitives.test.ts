import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

jest.setTimeout(60_000);

const REPOSITORY = path.resolve(__dirname, '../../..');
const MODULE = path.join(__dirname, 'ActionPrimitives.ts');

/** Runs the Driver API reference's generator as CI runs it, with `--check`. */
function checkReference(
  primitives?: string,
): Promise<{ exitCode: number; stderr: string }> {
  return new Promise(resolve =>
    execFile(
      process.execPath,
      [
        '-r',
        '@backstage/cli/config/nodeTransform.cjs',
        'scripts/generate-driver-api-docs.ts',
        '--check',
        ...(primitives ? ['--primitives', primitives] : []),
      ],
      { cwd: REPOSITORY },
      (error, _stdout, stderr) =>
        resolve({ exitCode: error ? Number(error.code ?? 1) : 0, stderr }),
    ),
  );
}

/*
 * docs/driver-api.md documents these declarations from their doc comments: the CI check
 * (scripts/generate-driver-api-docs.ts --check) fails when the two differ, and on a
 * primitive without a doc comment.
 */
describe('the action primitives in the Driver API reference', () => {
  let work: string;
  /** This module with a member added to ActionPrimitives. */
  const withPrimitive = async (member: string) => {
    const source = await fs.readFile(MODULE, 'utf8');
    const anchor = 'export interface ActionPrimitives {\n';
    expect(source).toContain(anchor);
    const file = path.join(work, `ActionPrimitives-${Date.now()}.ts`);
    await fs.writeFile(file, source.replace(anchor, `${anchor}${member}\n`));
    return file;
  };

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'action-primitives-'));
  });

  afterAll(() => fs.rm(work, { recursive: true, force: true }));

  it('is what docs/driver-api.md says', async () => {
    await expect(checkReference()).resolves.toEqual({
      exitCode: 0,
      stderr: '',
    });
  });

  it('is stale once a primitive changes', async () => {
    const changed = await withPrimitive(
      '  /** Restarts the components. */\n  restartComponents(components: string[]): Promise<void>;',
    );
    const result = await checkReference(changed);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('docs/driver-api.md is stale');
  });

  it('refuses a primitive without a doc comment, naming it', async () => {
    const undocumented = await withPrimitive(
      '  restartComponents(components: string[]): Promise<void>;',
    );
    const result = await checkReference(undocumented);
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toContain(
      'ActionPrimitives.restartComponents in agent/src/actions/ActionPrimitives.ts has no doc comment',
    );
    expect(result.stderr).not.toContain('is stale');
  });
});
