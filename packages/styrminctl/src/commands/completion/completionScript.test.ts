import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createTestIo } from '../../__testUtils__/createTestIo';
import { main } from '../../main';

/** What bash completes after `words` (the last one is being typed) with the script. */
async function complete(script: string, words: string[]): Promise<string[]> {
  const { stdout } = await promisify(execFile)('bash', [
    '-c',
    `${script}
COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=()
_styrminctl
printf '%s\\n' "\${COMPREPLY[@]}"`,
    'bash',
    ...words,
  ]);
  return stdout.split('\n').filter(Boolean);
}

async function scriptFor(shell: string) {
  const { io, stdout, stderr } = createTestIo();
  const exitCode = await main(['completion', shell], io);
  return { exitCode, stdout: stdout(), stderr: stderr() };
}

describe('styrminctl completion', () => {
  it('completes commands, verbs, options and option values in bash', async () => {
    const { exitCode, stdout: script } = await scriptFor('bash');
    expect(exitCode).toBe(0);
    expect(script).toContain('complete -o default -F _styrminctl styrminctl');

    await expect(complete(script, ['styrminctl', 'dep'])).resolves.toEqual([
      'deployments',
    ]);
    await expect(
      complete(script, ['styrminctl', 'deployments', 's']),
    ).resolves.toEqual(['show', 'stop', 'start']);
    // Global options and their values, and a deployment argument, are not commands.
    await expect(
      complete(script, [
        'styrminctl',
        '--url',
        'http://localhost:7007',
        'deployments',
        'delete',
        'dev/infrahub',
        '--y',
      ]),
    ).resolves.toEqual(['--yes']);
    await expect(complete(script, ['styrminctl', '-o', 'y'])).resolves.toEqual([
      'yaml',
    ]);
    await expect(
      complete(script, ['styrminctl', 'deployments', 'list', '--state', 'R']),
    ).resolves.toEqual(['RUNNING', 'RESTORING']);
    // An option's free value is left to the shell's default: files.
    await expect(
      complete(script, ['styrminctl', 'deployments', 'create', '-f', '']),
    ).resolves.toEqual([]);
    await expect(
      complete(script, ['styrminctl', 'completion', '']),
    ).resolves.toEqual(['bash', 'zsh', '--help']);
  });

  it('gives zsh the same function through its bash completion layer', async () => {
    const bash = await scriptFor('bash');
    const zsh = await scriptFor('zsh');
    expect(zsh.exitCode).toBe(0);
    expect(zsh.stdout).toMatch(/^#compdef styrminctl\n/);
    expect(zsh.stdout).toContain('autoload -U +X bashcompinit && bashcompinit');
    expect(zsh.stdout).toContain(bash.stdout);
  });

  it('refuses another shell with a usage error', async () => {
    await expect(scriptFor('fish')).resolves.toMatchObject({
      exitCode: 2,
      stdout: '',
      stderr: expect.stringContaining(
        "value 'fish' is invalid for argument 'shell'. Allowed choices are bash, zsh.",
      ),
    });
  });
});
