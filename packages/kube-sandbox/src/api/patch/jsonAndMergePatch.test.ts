import { ApiError } from '../ApiError';
import { jsonPatch } from './jsonPatch';
import { mergePatch } from './mergePatch';

describe('mergePatch', () => {
  it('merges maps, removes on null and replaces lists', () => {
    expect(
      mergePatch(
        { a: { b: 1, c: 2 }, l: [1, 2] },
        { a: { b: null, d: 3 }, l: [3] },
      ),
    ).toEqual({
      a: { c: 2, d: 3 },
      l: [3],
    });
  });
});

describe('jsonPatch', () => {
  const document = { metadata: { labels: { a: '1' } } };

  it('applies RFC 6902 operations without touching the input', () => {
    const result = jsonPatch(document, [
      { op: 'test', path: '/metadata/labels/a', value: '1' },
      { op: 'add', path: '/metadata/labels/b', value: '2' },
    ]);
    expect(result).toEqual({ metadata: { labels: { a: '1', b: '2' } } });
    expect(document.metadata.labels).toEqual({ a: '1' });
  });

  it('answers 422 for a failed test and a missing path, 400 for a body that is not a list', () => {
    const codeOf = (patch: unknown) => {
      try {
        jsonPatch(document, patch);
        return 0;
      } catch (error) {
        return (error as ApiError).code;
      }
    };
    expect(
      codeOf([{ op: 'test', path: '/metadata/labels/a', value: '2' }]),
    ).toBe(422);
    expect(codeOf([{ op: 'replace', path: '/spec/x', value: 1 }])).toBe(422);
    expect(codeOf({ op: 'add' })).toBe(400);
  });
});
