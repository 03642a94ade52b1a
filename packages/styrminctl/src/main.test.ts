import { once } from 'node:events';
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { createMockDirectory } from '@backstage/backend-test-utils';
import { version } from '../package.json';
import { createTestIo } from './__testUtils__/createTestIo';
import { main } from './main';

const token = 's3cret-token-value';

/** A URL where nothing listens: the port of a server that was closed again. */
async function unreachableUrl(): Promise<string> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return `http://127.0.0.1:${port}`;
}

describe('main', () => {
  const mockDir = createMockDirectory({
    content: { 'config.yaml': `url: http://localhost:7007\ntokn: ${token}\n` },
  });
  const env = { HOME: mockDir.resolve('home'), STYRMIN_TOKEN: token };

  it('prints the help on stdout and exits 0, without the token', async () => {
    const { io, stdout, stderr } = createTestIo({ env });

    await expect(main(['--help'], io)).resolves.toBe(0);

    expect(stdout()).toContain('Usage: styrminctl [options] [command]');
    expect(stdout()).toMatch(/-o, --output <format>/);
    expect(stdout() + stderr()).not.toContain(token);
  });

  it.each([['--version'], ['-V']])(
    'prints its version for %s and exits 0',
    async flag => {
      const { io, stdout } = createTestIo({ env });
      await expect(main([flag], io)).resolves.toBe(0);
      expect(stdout()).toBe(`${version}\n`);
    },
  );

  it.each<[string, string[], string]>([
    ['no command', [], 'Usage: styrminctl'],
    ['a group without its command', ['server'], 'Usage: styrminctl server'],
    ['an unknown command', ['deploy'], "error: unknown command 'deploy'"],
    [
      'an unknown option',
      ['server', 'info', '--colour'],
      "error: unknown option '--colour'",
    ],
    [
      'an unknown output format',
      ['server', 'info', '-o', 'xml'],
      "argument 'xml' is invalid. Allowed choices are table, json, yaml.",
    ],
    [
      'no server URL',
      ['server', 'info'],
      'Error: No Styrmin server URL; pass --url <url>',
    ],
    [
      'an invalid config file',
      ['server', 'info', '--config', mockDir.resolve('config.yaml')],
      `Error: Unknown key "tokn" in config file ${mockDir.resolve(
        'config.yaml',
      )}`,
    ],
  ])('exits 2 on %s', async (_, argv, message) => {
    const { io, stdout, stderr } = createTestIo({ env });

    await expect(main(argv, io)).resolves.toBe(2);

    expect(stderr()).toContain(message);
    expect(stdout()).toBe('');
    expect(stderr()).not.toContain(token);
  });

  it('exits 1 on an API error, printing its code and never the token', async () => {
    const url = await unreachableUrl();
    const { io, stdout, stderr } = createTestIo({ env });

    await expect(
      main(['server', 'info', '--url', url, '--token', token], io),
    ).resolves.toBe(1);

    expect(stderr()).toMatch(
      new RegExp(
        `^Error \\[UNAVAILABLE\\]: Could not reach the Styrmin server at ${url}/api/styrmin/graphql: .+\n$`,
      ),
    );
    expect(stdout()).toBe('');
    expect(stderr()).not.toContain(token);
  });
});
