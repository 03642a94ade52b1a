import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DriverLimits } from './DriverDirectory';
import { unpackDriverBundle } from './driverBundleArchive';
import { readDriverDirectory } from './readDriverDirectory';
import { ReadDriverDirectoryResult } from './types';
import { withTemporaryDirectory } from './withTemporaryDirectory';

/**
 * Reads an application driver version from a {@link packDriverBundle} archive that a
 * client sent: unpacks it (a {@link DriverArchiveError} when it is not a driver archive),
 * writes its files to a temporary directory and reads that with
 * {@link readDriverDirectory}, so that the files are validated and bundled exactly as a
 * directory on this machine would be. Nothing the client computed is trusted: the spec,
 * the bundle and the digest come from the files. Files the driver does not use are not part
 * of the result.
 *
 * @public
 */
export async function readDriverArchive(
  archive: Buffer,
  limits: DriverLimits = {},
): Promise<ReadDriverDirectoryResult> {
  const { files } = unpackDriverBundle(archive);
  return withTemporaryDirectory('styrmin-driver-archive-', async dir => {
    // The paths are plain relative paths (unpackDriverBundle checks), so each stays in dir.
    for (const { path, content } of files) {
      const target = join(dir, ...path.split('/'));
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, content);
    }
    return readDriverDirectory(dir, limits);
  });
}
