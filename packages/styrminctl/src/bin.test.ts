import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { version } from '../package.json';

const bin = resolve(__dirname, '../bin/styrminctl');

/** Runs the launcher as a user would, with an environment that names no server. */
async function runBin(args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(bin, args, {
      env: { PATH: process.env.PATH, HOME: '/nonexistent' },
    });
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
