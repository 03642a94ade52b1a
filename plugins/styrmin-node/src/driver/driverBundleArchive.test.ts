import { gzipSync } from 'node:zlib';
import { digestDriverFiles } from './digestDriverFiles';
import {
  DriverArchiveError,
  packDriverBundle,
  unpackDriverBundle,
} from './driverBundleArchive';

const files = (entries: Array<[string, string | Buffer]>) =>
  entries.map(([path, content]) => ({
    path,
    content: Buffer.isBuffer(content) ? content : Buffer.from(content),
  }));

/** An archive of raw records, as a client could craft it. */
const craft = (records: string) => gzipSync(Buffer.from(records));

describe('packDriverBundle and unpackDriverBundle', () => {
  it('round-trip the files, in path order, with their digest', () => {
    const bundle = files([
      ['values.yaml.njk', 'replicas: 1\n'],
      ['chart/Chart.yaml', 'name: app\n'],
      ['actions/bin.ts', Buffer.from([0, 1, 2, 255])],
      ['empty', ''],
    ]);

    const unpacked = unpackDriverBundle(packDriverBundle(bundle));

    expect(unpacked.files.map(f => f.path)).toEqual([
      'actions/bin.ts',
      'chart/Chart.yaml',
      'empty',
      'values.yaml.njk',
    ]);
    expect(unpacked.files).toEqual(
      expect.arrayContaining(bundle.map(file => expect.objectContaining(file))),
    );
    expect(unpacked.digest).toBe(digestDriverFiles(bundle));
  });

  it('unpacks the digest format itself, gzipped', () => {
    const archive = craft('a.ts\u00001\u0000xb/c\u00000\u0000');
    expect(unpackDriverBundle(archive)).toEqual({
      files: files([
        ['a.ts', 'x'],
        ['b/c', ''],
      ]),
      digest: digestDriverFiles(
        files([
          ['a.ts', 'x'],
          ['b/c', ''],
        ]),
      ),
    });
  });

  it.each([
    ['data that is not gzip', Buffer.from('driver'), /is not gzip data/],
    ['a record without its length', craft('a.ts\u0000'), /malformed record/],
    [
      'a length that is not a number',
      craft('a\u0000x\u0000'),
      /malformed length/,
    ],
    ['a length with a sign', craft('a\u0000+1\u0000x'), /malformed length/],
    [
      'content shorter than its length',
      craft('a\u00005\u0000x'),
      /malformed length/,
    ],
    [
      'an absolute path',
      craft('/etc/passwd\u00001\u0000x'),
      /not a plain relative path/,
    ],
    [
      'a path that climbs',
      craft('../x\u00001\u0000x'),
      /not a plain relative path/,
    ],
    ['a "." segment', craft('./x\u00001\u0000x'), /not a plain relative path/],
    [
      'an empty segment',
      craft('a//x\u00001\u0000x'),
      /not a plain relative path/,
    ],
    ['a backslash', craft('a\\x\u00001\u0000x'), /not a plain relative path/],
    ['an empty path', craft('\u00001\u0000x'), /not a plain relative path/],
    [
      'files out of order',
      craft('b\u00000\u0000a\u00000\u0000'),
      /out of order or twice/,
    ],
    [
      'a file twice',
      craft('a\u00000\u0000a\u00000\u0000'),
      /out of order or twice/,
    ],
    [
      'a file that is also a directory',
      craft('a\u00000\u0000a/b\u00000\u0000'),
      /both as a file and as a directory/,
    ],
  ])('refuses %s', (_case, archive, message) => {
    expect(() => unpackDriverBundle(archive)).toThrow(DriverArchiveError);
    expect(() => unpackDriverBundle(archive)).toThrow(message);
  });

  it('refuses an archive that inflates above the limit, without inflating it all', () => {
    const archive = packDriverBundle(
      files([['zeros', Buffer.alloc(4 * 1024 * 1024)]]),
    );
    expect(archive.length).toBeLessThan(16 * 1024);
    expect(() =>
      unpackDriverBundle(archive, { maxUnpackedBytes: 1024 * 1024 }),
    ).toThrow('The driver archive unpacks to more than 1048576 bytes');
  });
});
