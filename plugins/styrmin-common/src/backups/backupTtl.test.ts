import {
  backupExpiresAt,
  MAX_BACKUP_TTL_SECONDS,
  parseBackupTtl,
  veleroTtl,
} from './backupTtl';

describe('parseBackupTtl', () => {
  it.each([
    ['30d', 30 * 86400],
    ['720h', 720 * 3600],
    ['1h30m', 5400],
    ['720h0m0s', 720 * 3600],
    ['1d12h', 36 * 3600],
    ['90s', 90],
    [' 7d ', 7 * 86400],
    ['3660d', 3660 * 86400],
  ])('reads %j as %s seconds', (text, seconds) => {
    expect(parseBackupTtl(text)).toBe(seconds);
  });

  it.each(['', '0s', '0d0h', '30', '1m1h', '1.5h', '-1h', '1w', '3661d'])(
    'refuses %j',
    text => {
      expect(parseBackupTtl(text)).toBeUndefined();
    },
  );

  it('stops at ten years', () => {
    expect(MAX_BACKUP_TTL_SECONDS).toBe(3660 * 86400);
  });
});

describe('veleroTtl', () => {
  it.each([
    [720 * 3600, '720h0m0s'],
    [5400, '1h30m0s'],
    [61, '0h1m1s'],
  ])('writes %s seconds as %s', (seconds, text) => {
    expect(veleroTtl(seconds)).toBe(text);
    expect(parseBackupTtl(text)).toBe(seconds);
  });
});

describe('backupExpiresAt', () => {
  it('adds the TTL to the creation', () => {
    expect(
      backupExpiresAt({
        createdAt: new Date('2026-12-01T12:00:00Z'),
        ttlSeconds: 30 * 86400,
      }),
    ).toEqual(new Date('2026-12-31T12:00:00Z'));
  });
});
