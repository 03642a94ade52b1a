import { veleroBackupName, veleroRestoreName } from './veleroObjectNames';

const id = '3B8D5A4C-1F2E-4D3C-9B8A-7F6E5D4C3B2A';
const hex = '3b8d5a4c1f2e4d3c9b8a7f6e5d4c3b2a';
const DNS_1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

describe('veleroBackupName', () => {
  it.each([
    ['infrahub', `infrahub-${hex}`],
    ['a'.repeat(63), `${'a'.repeat(30)}-${hex}`],
    // Cut where a dash would end the prefix: the dash goes.
    [`${'a'.repeat(29)}-b`, `${'a'.repeat(29)}-${hex}`],
    ['', hex],
  ])('names a backup of %j %s', (deploymentName, expected) => {
    const name = veleroBackupName({ deploymentName, backupId: id });
    expect(name).toBe(expected);
    expect(name.length).toBeLessThanOrEqual(63);
    expect(name).toMatch(DNS_1123_LABEL);
  });

  it('is stable, and differs between backups', () => {
    const options = { deploymentName: 'infrahub', backupId: id };
    expect(veleroBackupName(options)).toBe(veleroBackupName(options));
    expect(
      veleroBackupName({ ...options, backupId: id.replace('3B8D', '3B8E') }),
    ).not.toBe(veleroBackupName(options));
  });

  it('refuses an id it cannot name by', () => {
    expect(() =>
      veleroBackupName({ deploymentName: 'infrahub', backupId: '---' }),
    ).toThrow(TypeError);
  });
});

describe('veleroRestoreName', () => {
  it('names by the same rule', () => {
    expect(
      veleroRestoreName({ deploymentName: 'semaphore', restoreId: id }),
    ).toBe(`semaphore-${hex}`);
  });
});
