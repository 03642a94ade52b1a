import { plural } from './plural';

describe('plural', () => {
  it.each([
    [0, '0 deployments'],
    [1, '1 deployment'],
    [2, '2 deployments'],
  ])('counts %i as %s', (count, words) => {
    expect(plural(count, 'deployment')).toBe(words);
  });
});
