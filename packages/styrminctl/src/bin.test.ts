import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { version } from '../package.json';

const bin = resolve(__dirname, '../bin/styrminctl');
const entryPoint = resolve(__dirname, '../../../scripts/styrminctl');

/** Runs a launcher as a user would, with an environment that names no server. */
async function runBin(
  args: string[],
  options: { launcher?: string; path?: string } = {},
) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      options.launcher ?? bin,
      args,
      { env: { PATH: options.path ?? process.env.PATH, HOME: '/nonexistent' } },
    );
    return { exitCode: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as {
      code: number;
      stdout: string;
      stderr: string;
    };
    return { exitCode: code, stdout, stderr };
  }
}

describe('bin/styrminctl', () => {
  it('runs the sources and exits with the code main returns', async () => {
    await expect(runBin(['--version'])).resolves.toEqual({
      exitCode: 0,
      stdout: `${version}\n`,
      stderr: '',
    });
    await expect(runBin(['server', 'info'])).resolves.toEqual({
      exitCode: 2,
      stdout: '',
      stderr: expect.stringMatching(/^Error: No Styrmin server URL/),
    });
  });
});

describe('scripts/styrminctl', () => {
  it('runs the compiled bundle, built from the current sources, with nothing on PATH', async () => {
    await expect(
      runBin(['--version'], { launcher: entryPoint, path: '/usr/bin:/bin' }),
    ).resolves.toEqual({ exitCode: 0, stdout: `${version}\n`, stderr: '' });
    const built = statSync(resolve(__dirname, '../dist/styrminctl.cjs'));
    expect(built.mtimeMs).toBeGreaterThanOrEqual(
      statSync(resolve(__dirname, 'main.ts')).mtimeMs,
    );
    await expect(
      runBin(['server', 'info'], {
        launcher: entryPoint,
        path: '/usr/bin:/bin',
      }),
    ).resolves.toEqual({
      exitCode: 2,
      stdout: '',
      stderr: expect.stringMatching(/^Error: No Styrmin server URL/),
    });
  });
});
