import { execFileSync } from 'node:child_process';
import { shellCommandLine } from './shellCommandLine';

describe('shellCommandLine', () => {
  it('quotes each argument and runs the program in place of the shell', () => {
    expect(shellCommandLine(['infrahub', 'db', 'check'])).toBe(
      "exec 'infrahub' 'db' 'check'",
    );
    expect(shellCommandLine(["it's", ''])).toBe(`exec 'it'\\''s' ''`);
  });

  it.each([
    ['plain words', ['a', 'b c']],
    ['quotes of both kinds', [`it's "quoted"`]],
    ['what a shell would expand', ['$HOME', '`id`', '$(id)', '*', '~', '\\n']],
    ['line breaks and empty arguments', ['one\ntwo', '', ' ']],
    ['non-ASCII text', ['grüße', '日本']],
  ])('hands %s to the program unchanged, as /bin/sh runs it', (_case, args) => {
    const printed = execFileSync(
      '/bin/sh',
      [
        '-c',
        `set -e\n${shellCommandLine([
          process.execPath,
          '-e',
          'process.stdout.write(JSON.stringify(process.argv.slice(1)))',
          ...args,
        ])}`,
      ],
      { encoding: 'utf8' },
    );
    expect(JSON.parse(printed)).toEqual(args);
  });

  it('passes the exit code of the program on', () => {
    expect(() =>
      execFileSync('/bin/sh', ['-c', shellCommandLine(['sh', '-c', 'exit 3'])]),
    ).toThrow(expect.objectContaining({ status: 3 }));
  });

  it('refuses a command without a program', () => {
    expect(() => shellCommandLine([])).toThrow('at least its program');
  });
});
