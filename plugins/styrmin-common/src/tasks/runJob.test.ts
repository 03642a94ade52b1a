import { StyrminError } from '../errors/StyrminError';
import {
  RUN_JOB_DEFAULT_TIMEOUT_SECONDS,
  RUN_JOB_MAX_ARGS,
  RUN_JOB_MAX_COMMAND_BYTES,
  RUN_JOB_MAX_TIMEOUT_SECONDS,
  validateRunJob,
} from './runJob';

describe('validateRunJob', () => {
  it('has the bounds the API documents', () => {
    expect([
      RUN_JOB_MAX_ARGS,
      RUN_JOB_MAX_COMMAND_BYTES,
      RUN_JOB_DEFAULT_TIMEOUT_SECONDS,
      RUN_JOB_MAX_TIMEOUT_SECONDS,
    ]).toEqual([64, 16384, 600, 3600]);
  });

  it.each([
    [
      'the default timeout',
      { command: ['infrahub', 'db', 'check'] },
      { command: ['infrahub', 'db', 'check'], timeoutSeconds: 600 },
    ],
    [
      'a timeout of 1 s',
      { command: ['true'], timeoutSeconds: 1 },
      { command: ['true'], timeoutSeconds: 1 },
    ],
    [
      'the longest timeout',
      { command: ['true'], timeoutSeconds: 3600 },
      { command: ['true'], timeoutSeconds: 3600 },
    ],
    [
      '64 arguments of 16 KiB together',
      {
        command: [
          'x'.repeat(16384 - 63 * 2),
          ...Array.from({ length: 63 }, () => 'ab'),
        ],
      },
      { timeoutSeconds: 600 },
    ],
    [
      'empty arguments after the program',
      { command: ['echo', ''] },
      { command: ['echo', ''], timeoutSeconds: 600 },
    ],
    [
      'multi-byte characters within the bytes',
      { command: ['echo', 'ü'.repeat(8000)] },
      { command: ['echo', 'ü'.repeat(8000)] },
    ],
  ])('takes %s', (_case, input, expected) => {
    expect(validateRunJob({ component: 'server', ...input })).toMatchObject({
      component: 'server',
      ...expected,
    });
  });

  it.each([
    ['an empty command', { command: [] }, 'command', /command is empty/],
    ['an empty program', { command: ['', 'x'] }, 'command', /command is empty/],
    [
      'more than 64 arguments',
      { command: Array.from({ length: 65 }, () => 'a') },
      'command',
      /65 arguments; at most 64/,
    ],
    [
      'more than 16 KiB',
      { command: ['echo', 'x'.repeat(16384 - 3)] },
      'command',
      /16385 bytes; at most 16384/,
    ],
    [
      'more than 16 KiB counted in UTF-8',
      { command: ['echo', 'ü'.repeat(8191)] },
      'command',
      /16386 bytes/,
    ],
    [
      'a NUL character',
      { command: ['echo', 'a\0b'] },
      'command',
      /Argument 2 of the command holds a NUL/,
    ],
    [
      'a timeout of 0',
      { command: ['true'], timeoutSeconds: 0 },
      'timeoutSeconds',
      /from 1 to 3600; got 0/,
    ],
    [
      'a timeout over an hour',
      { command: ['true'], timeoutSeconds: 3601 },
      'timeoutSeconds',
      /got 3601/,
    ],
    [
      'a fractional timeout',
      { command: ['true'], timeoutSeconds: 1.5 },
      'timeoutSeconds',
      /whole number/,
    ],
  ])('refuses %s', (_case, input, field, message) => {
    let error: unknown;
    try {
      validateRunJob({ component: 'server', ...input });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(StyrminError);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', field });
    expect((error as Error).message).toMatch(message);
  });
});
