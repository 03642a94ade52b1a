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
    ['https://github.com/opsmill/drivers.git', undefined],
    ['http://git.internal/drivers', undefined],
    ['ssh://git@github.com/opsmill/drivers.git', undefined],
    ['git://git.internal/drivers', undefined],
    ['git@github.com:opsmill/drivers.git', undefined],
    ['file:///srv/git/drivers', '/srv/git/drivers'],
    ['file://localhost/srv/git/my%20drivers', '/srv/git/my drivers'],
    ['/srv/git/../git/drivers', '/srv/git/drivers'],
  ])('accepts %s', (url, localPath) => {
    expect(checkGitUrl(url)).toEqual(localPath ? { url, localPath } : { url });
  });

  it.each([
    ['file://otherhost/srv/drivers', /names a path on this machine/],
    ['file:///srv/%0a', /control characters/],
    ['https://token@example.com/x', /must not hold credentials/],
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
