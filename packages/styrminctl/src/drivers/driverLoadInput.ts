import { StyrminError } from '@styrmin/plugin-styrmin-common';
import {
  isGitUrl,
  MAX_DRIVER_ARCHIVE_BYTES,
  packDriverBundle,
} from '@styrmin/plugin-styrmin-node';
import { LoadDriverInput } from '@styrmin/sdk';
import { resolve } from 'node:path';
import { UsageError } from '../UsageError';
import { readLocalDriver } from './readLocalDriver';

/**
 * What `styrminctl drivers load <dir|git-url>` asks the server to load. styrminctl
 * usually runs on another machine than the server, so:
 *
 * - a git URL goes to the server as it is, and the server clones it (a `file://` URL or a
 *   path names a repository on the server's machine);
 * - a local directory is read and validated here (as `drivers validate` does), and its
 *   files are sent, packed; the server validates them again and trusts nothing of this.
 */
export async function driverLoadInput(options: {
  target: string;
  ref?: string;
  path?: string;
}): Promise<LoadDriverInput> {
  const { target, ref, path } = options;
  if (isGitUrl(target)) {
    return { source: 'GIT', url: target, ref, path };
  }
  if (ref !== undefined) {
    throw new UsageError(
      `--ref is for git URLs; ${target} is a local directory, which is loaded as it is on disk`,
    );
  }
  const dir = resolve(target, path ?? '.');
  const bundle = await readLocalDriver(dir);
  const archive = packDriverBundle(bundle.files);
  if (archive.length > MAX_DRIVER_ARCHIVE_BYTES) {
    throw new StyrminError(
      'VALIDATION_FAILED',
      `The files of ${dir} take ${archive.length} bytes packed, more than the ` +
        `${MAX_DRIVER_ARCHIVE_BYTES} a load request may carry; push the driver to a git ` +
        'repository and load it from there',
    );
  }
  return { source: 'UPLOAD', archive: archive.toString('base64'), path: dir };
}
