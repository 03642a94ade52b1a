import { digestDriverFiles } from './digestDriverFiles';

const files = (entries: Array<[string, string]>) =>
  entries.map(([path, content]) => ({ path, content: Buffer.from(content) }));

describe('digestDriverFiles', () => {
  it('is a sha256 that does not depend on the order files were read in', () => {
    const digest = digestDriverFiles(
      files([
        ['a.ts', '1'],
        ['b/c.yaml', '2'],
      ]),
    );
    expect(digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(
      digestDriverFiles(
        files([
          ['b/c.yaml', '2'],
          ['a.ts', '1'],
        ]),
      ),
    ).toBe(digest);
  });

  it('pins the format, so digests stay comparable between releases', () => {
    // printf 'driver.styrmin.yml\0008\0kind: x\n' | sha256sum
    expect(
      digestDriverFiles(files([['driver.styrmin.yml', 'kind: x\n']])),
    ).toBe(
      'sha256:10682e914ffe5ce5bd6b3120a389254712960ec9142feac246ba39ea6ea79ce8',
    );
  });

  it.each([
    ['a changed content', [['a', 'x']], [['a', 'y']]],
    ['a renamed file', [['a', 'x']], [['b', 'x']]],
    ['moved boundaries between path and content', [['ab', 'c']], [['a', 'bc']]],
    [
      'moved boundaries between files',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
      [
        ['a', 'b\u0000c'],
        ['c', 'd'],
      ],
    ],
  ] as Array<[string, Array<[string, string]>, Array<[string, string]>]>)(
    'changes with %s',
    (_case, before, after) => {
      expect(digestDriverFiles(files(before))).not.toBe(
        digestDriverFiles(files(after)),
      );
    },
  );
});
