import { mergeLayers } from './mergeLayers';

describe('mergeLayers', () => {
  it.each<[string, Array<Record<string, unknown>>, Record<string, unknown>]>([
    ['no layers', [], {}],
    ['a higher layer replaces a value', [{ a: 1 }, { a: 2 }], { a: 2 }],
    ['undefined sets nothing', [{ a: 1 }, { a: undefined }], { a: 1 }],
    [
      'objects merge at every depth',
      [{ a: { b: { c: 1, d: 1 } } }, { a: { b: { d: 2 } } }],
      { a: { b: { c: 1, d: 2 } } },
    ],
    ['a list replaces a list', [{ a: [1, 2] }, { a: [3] }], { a: [3] }],
    [
      'an object replaces a value',
      [{ a: 1 }, { a: { b: 1 } }],
      { a: { b: 1 } },
    ],
    ['a value replaces an object', [{ a: { b: 1 } }, { a: null }], { a: null }],
    [
      'an inherited name is no value',
      [{ constructor: 1 }, {}],
      { constructor: 1 },
    ],
    ['layers apply lowest first', [{ a: 1 }, { a: 2 }, { a: 3 }], { a: 3 }],
  ])('%s', (_case, layers, merged) => {
    expect(mergeLayers(...layers)).toEqual(merged);
  });

  it('keeps __proto__ a key and leaves prototypes alone', () => {
    const merged = mergeLayers(
      JSON.parse('{"__proto__": {"polluted": 1}}'),
      JSON.parse('{"__proto__": {"more": 2}}'),
    );
    expect(Object.getOwnPropertyNames(merged)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
