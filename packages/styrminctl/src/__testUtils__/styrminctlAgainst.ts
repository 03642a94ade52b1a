import { createTestIo } from './createTestIo';
import { main } from '../main';

/**
 * styrminctl against a test backend: `styrminctl` runs a command with what stdin holds and
 * answers its exit code and output; `json` runs one that must succeed with `-o json` and
 * answers what it printed. `url` is read on each run (a backend started in `beforeAll`).
 */
export function styrminctlAgainst(options: {
  url: () => string;
  token: string;
}) {
  async function styrminctl(argv: string[], stdin?: string) {
    const { io, stdout, stderr } = createTestIo({ stdin });
    const exitCode = await main(
      [...argv, '--url', options.url(), '--token', options.token],
      io,
    );
    return { exitCode, stdout: stdout(), stderr: stderr() };
  }
  async function json(argv: string[], stdin?: string) {
    const result = await styrminctl([...argv, '-o', 'json'], stdin);
    expect({ ...result, stdout: undefined }).toEqual({
      exitCode: 0,
      stdout: undefined,
      stderr: expect.not.stringContaining('Error'),
    });
    return JSON.parse(result.stdout);
  }
  return { styrminctl, json };
}
