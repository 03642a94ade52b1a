import { CliIo } from '../CliIo';
import { Environment } from '../config/resolveConfig';

/**
 * An in-process stand-in for the terminal: collects what styrminctl writes. The environment
 * defaults to an empty HOME directory, so no real config file is ever read.
 */
export function createTestIo(
  options: { env?: Environment; isTTY?: boolean; stdin?: string } = {},
) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: {
      write: (text: string) => (stdout += text),
      isTTY: options.isTTY,
    },
    stderr: { write: (text: string) => (stderr += text) },
    env: options.env ?? { HOME: '/nonexistent' },
    readStdin: async () => options.stdin ?? '',
  };
  return {
    io,
    stdout: () => stdout,
    stderr: () => stderr,
  };
}
