import { applyMergePatch } from './applyMergePatch';
import { createMergePatch } from './createMergePatch';
import { JsonObject } from './JsonValue';

describe('createMergePatch', () => {
  it.each<[string, JsonObject, JsonObject, JsonObject]>([
    [
      'nothing for equal values',
      { a: 1, b: { c: [1] } },
      { b: { c: [1] }, a: 1 },
      {},
    ],
    ['a changed value', { a: 1 }, { a: 2 }, { a: 2 }],
    ['an added value', {}, { a: 'x' }, { a: 'x' }],
    ['null for a dropped value', { a: 1, b: 2 }, { b: 2 }, { a: null }],
    [
      'an object key by key',
      { o: { keep: 1, drop: 2, change: 3 } },
      { o: { keep: 1, change: 4, add: 5 } },
      { o: { drop: null, change: 4, add: 5 } },
    ],
    ['a list whole', { l: [1, 2] }, { l: [2] }, { l: [2] }],
    ['an object over a value', { o: 1 }, { o: { a: 1 } }, { o: { a: 1 } }],
  ])('names %s', (_, before, after, patch) => {
    expect(createMergePatch(before, after)).toEqual(patch);
    expect(applyMergePatch(before, patch)).toEqual(after);
  });
});
