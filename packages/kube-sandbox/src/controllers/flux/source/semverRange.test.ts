import { inRange, latestInRange } from './semverRange';

describe('inRange', () => {
  it.each([
    ['1.2.3', undefined, true],
    ['1.2.3', '*', true],
    ['1.2.3', '1.2.3', true],
    ['1.2.4', '1.2.3', false],
    ['1.2.4', '1.2.x', true],
    ['1.3.0', '1.2.x', false],
    ['1.9.0', '1.x', true],
    ['2.0.0', '1.x', false],
    ['1.5.0', '>=1.2.0 <2.0.0', true],
    ['2.0.0', '>=1.2.0, <2.0.0', false],
    ['1.2.9', '~1.2.0', true],
    ['1.3.0', '~1.2.0', false],
    ['1.9.0', '^1.2.0', true],
    ['2.0.0', '^1.2.0', false],
    ['0.2.5', '^0.2.0', true],
    ['0.3.0', '^0.2.0', false],
    ['3.0.0', '1.x || >=3.0.0', true],
    ['not-a-version', '*', false],
  ])('%s in %s: %s', (version, range, expected) => {
    expect(inRange(version, range)).toBe(expected);
  });
});

describe('latestInRange', () => {
  it('picks the highest matching version, a release over its pre-release', () => {
    const versions = ['1.0.0', '1.2.0-rc.1', '1.2.0', '1.10.0', '2.0.0'];
    expect(latestInRange(versions, '1.x')).toBe('1.10.0');
    expect(latestInRange(versions, '~1.2.0')).toBe('1.2.0');
    expect(latestInRange(versions, '*')).toBe('2.0.0');
    expect(latestInRange(versions, '3.x')).toBeUndefined();
  });
});
