import { CliIo } from '../CliIo';
import { Environment } from '../config/resolveConfig';

/**
 * An in-process stand-in for the terminal: collects what styrminctl writes. The environment
 * defaults to an empty HOME directory, so no real config file is ever read. With `answers`
 * it plays a person at a terminal, who types them one by one when asked.
 */
export function createTestIo(
  options: {
    env?: Environment;
    isTTY?: boolean;
    stdin?: string;
    answers?: string[];
  } = {},
) {
  let stdout = '';
  let stderr = '';
  const questions: string[] = [];
  const answers = [...(options.answers ?? [])];
  const io: CliIo = {
    stdout: {
      write: (text: string) => (stdout += text),
      isTTY: options.isTTY,
    },
    stderr: { write: (text: string) => (stderr += text) },
    env: options.env ?? { HOME: '/nonexistent' },
    readStdin: async () => options.stdin ?? '',
    ask: options.answers
      ? async question => {
          questions.push(question);
          return answers.shift() ?? '';
        }
      : undefined,
  };
  return {
    io,
    stdout: () => stdout,
    stderr: () => stderr,
    questions: () => questions,
  };
}
