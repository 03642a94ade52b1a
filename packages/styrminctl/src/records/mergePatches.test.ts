import { mergePatches } from './mergePatches';

describe('mergePatches', () => {
  it.each([
    [{ a: 1 }, { b: 2 }, { a: 1, b: 2 }],
    [{ a: { b: 1, c: 2 } }, { a: { c: null } }, { a: { b: 1, c: null } }],
    [{ a: null }, { a: { b: 1 } }, { a: { b: 1 } }],
    [{ a: [1] }, { a: [2] }, { a: [2] }],
    [{ a: 1 }, {}, { a: 1 }],
  ])('%j then %j is %j', (first, second, merged) => {
    expect(mergePatches(first, second)).toEqual(merged);
  });
});
