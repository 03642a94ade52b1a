import { LabelSelector } from './LabelSelector';

describe('LabelSelector', () => {
  const labels = { app: 'web', tier: 'front', 'example.com/team': 'a' };

  it.each([
    ['', true],
    ['app=web', true],
    ['app==web', true],
    ['app!=web', false],
    ['app=api', false],
    ['missing!=x', true],
    ['app in (api, web)', true],
    ['app notin (api,web)', false],
    ['tier notin (back)', true],
    ['app', true],
    ['!app', false],
    ['!missing', true],
    ['app=web,tier=front', true],
    ['app=web,tier=back', false],
    ['example.com/team=a', true],
    ['app in (web),!missing,tier', true],
  ])('%s matches: %s', (selector, expected) => {
    expect(LabelSelector.parse(selector).matches(labels)).toBe(expected);
  });

  it('compares numbers with gt and lt', () => {
    expect(LabelSelector.parse('n>3').matches({ n: '4' })).toBe(true);
    expect(LabelSelector.parse('n<3').matches({ n: '4' })).toBe(false);
  });

  it.each(['app=', 'app in ()'])('accepts empty values in %s', selector => {
    expect(() => LabelSelector.parse(selector)).not.toThrow();
  });

  it.each([
    ['app=web=x', /unable to parse requirement/],
    ['app in web', /expected: '\('/],
    ['-bad=x', /invalid label key/],
    ['app=-bad', /invalid label value/],
    ['app in (a', /expected: '\)'/],
  ])('rejects %s', (selector, message) => {
    expect(() => LabelSelector.parse(selector)).toThrow(message);
  });

  it('reads the object form and prints the query form', () => {
    const selector = LabelSelector.fromSpec({
      matchLabels: { app: 'web' },
      matchExpressions: [
        { key: 'tier', operator: 'In', values: ['front', 'back'] },
        { key: 'legacy', operator: 'DoesNotExist' },
      ],
    });
    expect(selector.matches(labels)).toBe(true);
    expect(selector.matches({ ...labels, legacy: 'y' })).toBe(false);
    expect(selector.toString()).toBe('app=web,tier in (back,front),!legacy');
  });

  it('treats an absent object form as matching nothing', () => {
    expect(LabelSelector.fromSpec(undefined).matches({})).toBe(false);
  });
});
