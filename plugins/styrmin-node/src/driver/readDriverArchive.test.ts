import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DriverArchiveError, packDriverBundle } from './driverBundleArchive';
import { readDriverArchive } from './readDriverArchive';
import { readDriverDirectory } from './readDriverDirectory';
import { DriverBundle } from './types';

const DRIVER = join(
  __dirname,
  '..',
  '..',
  '..',
  '..',
  'drivers',
  'infrahub',
  '1.0.0',
);

async function exampleBundle(): Promise<DriverBundle> {
  const result = await readDriverDirectory(DRIVER);
  if (!result.success) {
    throw new Error(JSON.stringify(result.problems));
  }
  return result.bundle;
}

describe('readDriverArchive', () => {
  it('reads what a client packed into the same bundle as the directory', async () => {
    const bundle = await exampleBundle();

    const result = await readDriverArchive(packDriverBundle(bundle.files));

    expect(result).toEqual({ success: true, bundle });
  });

  it('keeps only what the driver uses', async () => {
    const bundle = await exampleBundle();
    const extra = { path: 'notes/secret.txt', content: Buffer.from('x') };

    const result = await readDriverArchive(
      packDriverBundle([...bundle.files, extra]),
    );

    expect(result).toEqual({ success: true, bundle });
  });

  it('validates the files again: a missing module is a problem', async () => {
    const bundle = await exampleBundle();
    const withoutVerify = bundle.files.filter(
      file => file.path !== 'actions/verify.ts',
    );

    const result = await readDriverArchive(packDriverBundle(withoutVerify));

    expect(result.success).toBe(false);
    expect(!result.success && result.problems).toContainEqual(
      expect.objectContaining({
        file: 'driver.styrmin.yml',
        path: 'spec.actions[0].function.module',
        message: 'actions/verify.ts: Does not exist',
      }),
    );
  });

  it('applies the limits of a driver directory', async () => {
    const bundle = await exampleBundle();

    const result = await readDriverArchive(packDriverBundle(bundle.files), {
      maxFileBytes: 1024,
    });

    expect(result.success).toBe(false);
  });

  it('refuses what is not a driver archive', async () => {
    await expect(
      readDriverArchive(gzipSync('../../etc/passwd\u00001\u0000x')),
    ).rejects.toThrow(DriverArchiveError);
  });
});
