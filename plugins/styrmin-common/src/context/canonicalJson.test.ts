import { canonicalJson } from './canonicalJson';

describe('canonicalJson', () => {
  it.each<[string, unknown, string]>([
    [
      'sorts keys at every level',
      { b: 1, a: { d: 1, c: [{ f: 1, e: 2 }] } },
      '{"a":{"c":[{"e":2,"f":1}],"d":1},"b":1}',
    ],
    ['leaves out undefined entries', { a: undefined, b: null }, '{"b":null}'],
    ['keeps the order of lists', [3, 1, 2], '[3,1,2]'],
    ['keeps a value that is no object', 'text', '"text"'],
  ])('%s', (_case, value, json) => {
    expect(JSON.stringify(canonicalJson(value))).toBe(json);
  });
});
