import { mockServices } from '@backstage/backend-test-utils';
import { checkGitUrl } from '@styrmin/plugin-styrmin-node';
import { GitSourcePolicy, isNonPublicAddress } from './GitSourcePolicy';

function fromConfig(git: object | undefined) {
  return GitSourcePolicy.fromConfig(
    mockServices.rootConfig({
      data: git ? { styrmin: { drivers: { git } } } : {},
    }),
  );
}

/** A resolver that knows a few names, as DNS would answer them. */
const addresses: Record<string, string[]> = {
  'github.com': ['140.82.121.4'],
  'git.example.com': [
    '93.184.215.14',
    '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
  ],
  'example.com': ['93.184.215.14'],
  'rebound.example.com': ['93.184.215.14', '10.1.2.3'],
  'metadata.example.com': ['169.254.169.254'],
  localhost: ['127.0.0.1', '::1'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
};
const resolve = jest.fn(async (host: string) => {
  const found = addresses[host];
  if (!found) {
    throw new Error(`getaddrinfo ENOTFOUND ${host}`);
  }
  return found;
});

/** Checks a URL as the loader does: the URL's host, as checkGitUrl names it, then the policy. */
function checkUrl(policy: GitSourcePolicy, url: string) {
  return policy.checkRemoteHost(checkGitUrl(url).host!);
}

describe('GitSourcePolicy', () => {
  beforeEach(() => resolve.mockClear());

  it('has the limits of a git load by default', () => {
    expect(fromConfig(undefined).limits).toEqual({
      timeoutMs: 120_000,
      maxRepositoryBytes: 256 * 1024 * 1024,
      limits: { maxFileBytes: 1024 * 1024 },
    });
  });

  it.each([
    [
      { timeout: '30s', maxRepositorySize: '64 MiB', maxFileSize: '512 KiB' },
      {
        timeoutMs: 30_000,
        maxRepositoryBytes: 64 * 1024 ** 2,
        maxFileBytes: 512 * 1024,
      },
    ],
    [
      {
        timeout: { minutes: 5 },
        maxRepositorySize: 1_000_000,
        maxFileSize: '2MB',
      },
      {
        timeoutMs: 300_000,
        maxRepositoryBytes: 1_000_000,
        maxFileBytes: 2_000_000,
      },
    ],
    [
      { timeout: 'PT1M', maxRepositorySize: '1.5 GiB', maxFileSize: '100' },
      {
        timeoutMs: 60_000,
        maxRepositoryBytes: 1.5 * 1024 ** 3,
        maxFileBytes: 100,
      },
    ],
  ])('reads the limits from config: %j', (git, expected) => {
    const { timeoutMs, maxRepositoryBytes, maxFileBytes } = expected;
    expect(fromConfig(git).limits).toEqual({
      timeoutMs,
      maxRepositoryBytes,
      limits: { maxFileBytes },
    });
  });

  it.each([
    [
      { maxFileSize: '1 MiBs' },
      /Invalid byte size at 'styrmin.drivers.git.maxFileSize'/,
    ],
    [
      { maxRepositorySize: -1 },
      /Invalid byte size at 'styrmin.drivers.git.maxRepositorySize'/,
    ],
    [{ maxRepositorySize: '0' }, /Invalid byte size/],
    [{ maxFileSize: 'lots' }, /Invalid byte size/],
    [{ maxFileSize: true }, /Invalid byte size/],
    [{ timeout: 'soon' }, /timeout/],
  ])('refuses a config of %j', (git, message) => {
    expect(() => fromConfig(git)).toThrow(message);
  });

  describe('repositories on the server’s own disk', () => {
    it('are refused by default', () => {
      expect(() => fromConfig(undefined).checkLocalRepository()).toThrow(
        expect.objectContaining({
          code: 'FORBIDDEN',
          field: 'url',
          message: expect.stringMatching(
            /styrmin.drivers.git.allowFileUrls is not true/,
          ),
        }),
      );
    });

    it('are allowed when the config says so', () => {
      expect(() =>
        fromConfig({ allowFileUrls: true }).checkLocalRepository(),
      ).not.toThrow();
    });
  });

  describe('remote hosts', () => {
    const policy = (options: { allowPrivateAddresses?: boolean } = {}) =>
      GitSourcePolicy.create({
        allowedHosts: [
          'github.com',
          '*.example.com',
          'GitLab.com.',
          '[::1]',
          '127.0.0.1',
        ],
        resolve,
        ...options,
      });

    it('are refused by default, before anything is resolved', async () => {
      await expect(
        fromConfig(undefined).checkRemoteHost('github.com'),
      ).rejects.toMatchObject({
        code: 'FORBIDDEN',
        field: 'url',
        message: expect.stringMatching(
          /not in styrmin.drivers.git.allowedHosts \(none\)/,
        ),
      });
      expect(resolve).not.toHaveBeenCalled();
    });

    it.each([
      'https://github.com/opsmill/drivers.git',
      'https://GITHUB.COM/opsmill/drivers.git',
      'https://github.com./opsmill/drivers.git',
      'https://github.com:8443/opsmill/drivers.git',
      'ssh://git@github.com:22/opsmill/drivers.git',
      'git@github.com:opsmill/drivers.git',
      'https://git.example.com/drivers.git',
      'git://Git.Example.com/drivers.git',
    ])('allows %s', async url => {
      await expect(checkUrl(policy(), url)).resolves.toBeUndefined();
    });

    it.each([
      ['a host not listed', 'https://evil.com/drivers.git'],
      ['a host that ends like a listed one', 'https://notgithub.com/x.git'],
      [
        'a listed host as a subdomain of another',
        'https://github.com.evil.com/x.git',
      ],
      ['the domain of a wildcard pattern', 'https://example.com/x.git'],
      ['a suffix that is not a subdomain', 'https://evilexample.com/x.git'],
      [
        'an IPv6 address not listed',
        'https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/x.git',
      ],
      ['an IPv4 address not listed', 'https://93.184.215.14/x.git'],
    ])('refuses %s: %s', async (_case, url) => {
      await expect(checkUrl(policy(), url)).rejects.toMatchObject({
        code: 'FORBIDDEN',
        field: 'url',
        message: expect.stringMatching(
          /is not in styrmin.drivers.git.allowedHosts/,
        ),
      });
      expect(resolve).not.toHaveBeenCalled();
    });

    it.each([
      ['a loopback address', 'http://127.0.0.1:9/x.git', '127.0.0.1'],
      [
        'a number that is a loopback address',
        'http://2130706433/x.git',
        '127.0.0.1',
      ],
      ['a hex loopback address', 'http://0x7f.0.0.1/x.git', '127.0.0.1'],
      ['the IPv6 loopback', 'https://[::1]/x.git', '::1'],
      [
        'a name on the metadata service',
        'https://metadata.example.com/x.git',
        '169.254.169.254',
      ],
      [
        'a name with one private address among public ones',
        'https://rebound.example.com/x.git',
        '10.1.2.3',
      ],
      [
        'a name on an IPv4-mapped loopback',
        'https://mapped.example.com/x.git',
        '::ffff:127.0.0.1',
      ],
    ])('refuses an allowed host on %s: %s', async (_case, url, address) => {
      await expect(checkUrl(policy(), url)).rejects.toMatchObject({
        code: 'FORBIDDEN',
        field: 'url',
        message: expect.stringContaining(
          `resolves to ${address}, which is not a public address`,
        ),
      });
    });

    it('allows private addresses when the config says so', async () => {
      await expect(
        checkUrl(
          policy({ allowPrivateAddresses: true }),
          'http://127.0.0.1:9/x.git',
        ),
      ).resolves.toBeUndefined();
      await expect(
        checkUrl(
          policy({ allowPrivateAddresses: true }),
          'https://metadata.example.com/x.git',
        ),
      ).resolves.toBeUndefined();
    });

    it('refuses an allowed host that does not resolve', async () => {
      await expect(
        checkUrl(policy(), 'https://gone.example.com/x.git'),
      ).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'url',
        message: expect.stringMatching(
          /Could not resolve the git host gone.example.com/,
        ),
      });
    });

    it('reads the allowed hosts from config', async () => {
      const configured = fromConfig({ allowedHosts: ['*'] });
      await expect(
        configured.checkRemoteHost('localhost'),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    });
  });

  it.each([
    ['127.0.0.1', true],
    ['10.20.30.40', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['140.82.121.4', false],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['ff02::1', true],
    ['::ffff:10.0.0.1', true],
    ['::ffff:a00:1', true],
    ['64:ff9b::a00:1', true],
    ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', false],
    ['::ffff:8c52:7904', false],
  ])('%s is not public: %s', (address, expected) => {
    expect(isNonPublicAddress(address)).toBe(expected);
  });
});
