import {
  checkGitRef,
  checkGitUrl,
  checkRepositoryPath,
  isGitUrl,
} from './gitInput';

describe('isGitUrl', () => {
  it.each([
    ['https://github.com/opsmill/drivers.git', true],
    ['file:///srv/drivers', true],
    ['ext::sh', true],
    ['git@github.com:opsmill/drivers.git', true],
    ['drivers/infrahub/1.0.0', false],
    ['/home/ada/drivers/infrahub', false],
    ['./my@driver', false],
  ])('%s: %s', (value, expected) => {
    expect(isGitUrl(value)).toBe(expected);
  });
});

describe('checkGitUrl', () => {
  it.each([
    ['https://github.com/opsmill/drivers.git', 'github.com'],
    ['http://git.internal/drivers', 'git.internal'],
    ['ssh://git@github.com/opsmill/drivers.git', 'github.com'],
    ['git://git.internal/drivers', 'git.internal'],
    ['git@github.com:opsmill/drivers.git', 'github.com'],
    ['https://GitHub.COM./opsmill/drivers.git', 'github.com'],
    ['ssh://git@GitHub.COM:2222/opsmill/drivers.git', 'github.com'],
    ['git@GitHub.com:opsmill/drivers.git', 'github.com'],
    ['https://github.com:8443/x.git', 'github.com'],
    ['https://[::1]:8443/x.git', '::1'],
    ['https://[::ffff:7f00:1]/x.git', '::ffff:7f00:1'],
    ['https://2130706433/x.git', '127.0.0.1'],
    ['https://0x7f.1/x.git', '127.0.0.1'],
  ])('accepts %s, naming the host %s', (url, host) => {
    expect(checkGitUrl(url)).toEqual({ url, host });
  });

  it.each([
    ['file:///srv/git/drivers', '/srv/git/drivers'],
    ['file://localhost/srv/git/my%20drivers', '/srv/git/my drivers'],
    ['/srv/git/../git/drivers', '/srv/git/drivers'],
  ])('accepts %s, on this machine at %s', (url, localPath) => {
    expect(checkGitUrl(url)).toEqual({ url, localPath });
  });

  it.each([
    ['file://otherhost/srv/drivers', /names a path on this machine/],
    ['file:///srv/%0a', /control characters/],
    ['https://token@example.com/x', /must not hold credentials/],
    ['https://github.com@evil.com/x', /must not hold credentials/],
    ['https://github.com\\@evil.com/x', /backslashes/],
    ['https://git%68ub.com/x', /does not name a plain host/],
    ['ssh://git@/x', /is not a valid URL/],
    ['ssh://git@:22/x', /is not a valid URL|does not name a plain host/],
  ])('refuses %s', (url, message) => {
    expect(() => checkGitUrl(url)).toThrow(message);
  });
});

describe('checkGitRef', () => {
  it.each(['main', 'v1.0.0', 'release/1.x', 'refs/tags/v1', 'HEAD', 'a1b2c3d'])(
    'accepts %s',
    ref => {
      expect(checkGitRef(ref)).toBe(ref);
    },
  );

  it.each([
    '-x',
    '/main',
    'main/',
    'main.',
    'x.lock',
    '.hidden',
    'a/.b',
    'a//b',
    'a b',
    'a~1',
    'a^',
    'a@{1}',
    'a?',
  ])('refuses %j', ref => {
    expect(() => checkGitRef(ref)).toThrow(/not a branch, tag or commit/);
  });
});

describe('checkRepositoryPath', () => {
  it.each([
    [undefined, '.'],
    ['', '.'],
    ['.', '.'],
    ['./drivers/infrahub/', 'drivers/infrahub'],
    ['drivers/my driver', 'drivers/my driver'],
  ])('normalizes %j to %j', (path, expected) => {
    expect(checkRepositoryPath(path)).toBe(expected);
  });
});
