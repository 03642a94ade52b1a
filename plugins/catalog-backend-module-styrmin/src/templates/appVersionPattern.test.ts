import { satisfies } from 'semver';
import { appVersionPattern } from './appVersionPattern';

const VERSIONS = [
  '0.0.0',
  '0.0.9',
  '0.1.0',
  '0.4.0',
  '0.4.17',
  '0.5.0',
  '1.0.0',
  '1.2.2',
  '1.2.3',
  '1.2.4',
  '1.2.10',
  '1.3.0',
  '1.4.9',
  '1.5.0',
  '1.5.2',
  '1.6.0',
  '1.6.99',
  '1.7.0',
  '1.10.0',
  '1.19.1',
  '2.0.0',
  '2.4.9',
  '2.5.0',
  '2.5.1',
  '3.4.0',
  '3.4.99',
  '3.5.0',
  '9.9.9',
  '10.0.0',
  '19.0.0',
  '20.0.0',
  '99.0.0',
  '100.0.0',
  '109.9.0',
  '110.0.0',
];

describe('appVersionPattern', () => {
  it.each([
    '>=1.5.0 <1.7.0',
    '^1.2.3',
    '~0.4',
    '1.x || >=2.5.0',
    '*',
    '>=1.0.0-rc.1 <2',
    '>1.0.0-rc.1',
    '<=1.2.3-alpha',
    '1.2.3',
    '=1.2.3-beta.1',
    '<=3.4',
    '>1.2.3',
    '>=19.0.0 <=109.9.0',
    '<10',
    '>99',
    '1.2.3 - 2.5.0',
  ])('matches exactly the release versions that %s satisfies', range => {
    const pattern = new RegExp(appVersionPattern(range), 'u');
    for (const version of VERSIONS) {
      expect([version, pattern.test(version)]).toEqual([
        version,
        satisfies(version, range),
      ]);
    }
  });

  it('matches no pre-release, build or malformed version', () => {
    const pattern = new RegExp(appVersionPattern('>=1.0.0'), 'u');
    for (const version of [
      '1.5.0-rc.1',
      '1.5.0+build.1',
      '01.5.0',
      '1.05.0',
      '1.5',
      'v1.5.0',
      ' 1.5.0',
      '1.5.0 ',
    ]) {
      expect([version, pattern.test(version)]).toEqual([version, false]);
    }
  });

  it('compares whole numbers, not digits', () => {
    const pattern = new RegExp(appVersionPattern('>=1.5.0 <1.7.0'), 'u');
    expect(pattern.test('1.50.0')).toBe(false);
    expect(pattern.test('1.6.123456')).toBe(true);
    expect(pattern.test('1.17.0')).toBe(false);
  });
});
