import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { packTarGz, unpackTarGz } from './tarArchive';

describe('tarArchive', () => {
  it('round-trips files, long names included, in a format tar reads', () => {
    const long = `resources/${'x'.repeat(
      60,
    )}.example.com/namespaces/${'n'.repeat(40)}/object.json`;
    const files = new Map([
      ['metadata/version', Buffer.from('1')],
      [long, Buffer.from('{"a":1}')],
      ['empty', Buffer.alloc(0)],
    ]);
    const archive = packTarGz(files);
    expect(unpackTarGz(archive)).toEqual(files);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kube-sandbox-tar-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.tar.gz'), archive);
      const listing = execFileSync('tar', ['-tzf', path.join(dir, 'a.tar.gz')])
        .toString()
        .trim()
        .split('\n');
      expect(listing).toEqual(['metadata/version', long, 'empty']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
