import { driverVersionKey, newestDriverVersions } from './newestDriverVersions';

describe('newestDriverVersions', () => {
  it('finds the highest release of each driver, by semver and not by text', () => {
    expect(
      newestDriverVersions([
        { name: 'infrahub', version: '1.9.0' },
        { name: 'infrahub', version: '1.10.0' },
        { name: 'infrahub', version: '1.2.0' },
        { name: 'semaphore', version: '0.3.1' },
      ]),
    ).toEqual(new Set(['infrahub@1.10.0', 'semaphore@0.3.1']));
  });

  it('prefers a release to a newer pre-release, and takes the highest pre-release when there is no release', () => {
    expect(
      newestDriverVersions([
        { name: 'infrahub', version: '2.0.0-rc.1' },
        { name: 'infrahub', version: '1.1.0' },
        { name: 'semaphore', version: '1.0.0-beta.1' },
        { name: 'semaphore', version: '1.0.0-beta.2' },
      ]),
    ).toEqual(new Set(['infrahub@1.1.0', 'semaphore@1.0.0-beta.2']));
  });

  it('keys a driver version by name and version', () => {
    expect(driverVersionKey({ name: 'infrahub', version: '1.1.0' })).toBe(
      'infrahub@1.1.0',
    );
  });
});
