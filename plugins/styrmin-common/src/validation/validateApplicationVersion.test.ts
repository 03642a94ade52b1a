import { exampleDriver } from '../__testUtils__/exampleDriver';
import { validateApplicationVersion } from './validateApplicationVersion';

const INFRAHUB = exampleDriver('infrahub/1.0.0'); // >=1.4.0 <1.6.0

describe('validateApplicationVersion', () => {
  it.each([['1.4.0'], ['1.5.2'], ['1.5.99']])('accepts %s', appVersion => {
    expect(
      validateApplicationVersion({ driver: INFRAHUB, appVersion }),
    ).toEqual([]);
  });

  it.each([
    [
      '1.6.0',
      'infrahub 1.0.0 deploys the application versions >=1.4.0 <1.6.0, which 1.6.0 is outside of',
    ],
    [
      '1.3.9',
      'infrahub 1.0.0 deploys the application versions >=1.4.0 <1.6.0, which 1.3.9 is outside of',
    ],
    // A pre-release is within a range only where the range names one of the same version.
    [
      '1.5.0-rc.1',
      'infrahub 1.0.0 deploys the application versions >=1.4.0 <1.6.0, which 1.5.0-rc.1 is outside of',
    ],
    ['v1.5.2', '"v1.5.2" is not a semantic version such as 1.5.2'],
    ['1.5', '"1.5" is not a semantic version such as 1.5.2'],
    ['latest', '"latest" is not a semantic version such as 1.5.2'],
  ])('refuses %s', (appVersion, message) => {
    expect(
      validateApplicationVersion({ driver: INFRAHUB, appVersion }),
    ).toEqual([{ code: 'VALIDATION_FAILED', field: 'app_version', message }]);
  });
});
