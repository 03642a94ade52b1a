import { gunzipSync, gzipSync } from 'node:zlib';
import {
  digestSerializedDriverFiles,
  serializeDriverFiles,
} from './digestDriverFiles';
import { DriverBundleFile } from './types';

/**
 * The largest archive a client may send in one load request. Requests to the Styrmin API
 * are at most 1 MiB, and base64 makes the archive a third larger; what is left is for the
 * rest of the request. A driver whose archive is larger loads from git instead.
 *
 * @public
 */
export const MAX_DRIVER_ARCHIVE_BYTES = 700 * 1024;

/**
 * How large an archive may grow when unpacked. Only a guard against archives that inflate
 * without end: the limits of readDriverDirectory (10 MiB by default) apply to the files.
 */
const DEFAULT_MAX_UNPACKED_BYTES = 32 * 1024 * 1024;

/**
 * An archive that is not a driver bundle archive, or one that breaks its rules.
 *
 * @public
 */
export class DriverArchiveError extends Error {
  name = 'DriverArchiveError' as const;
}

/**
 * The bundle archive of a driver version: its files in their canonical serialization (the
 * one the digest is taken over), gzipped. So unpacking an archive and hashing the result
 * gives the digest back, which lets every reader check what it got. The backend stores
 * bundles this way, and clients send them this way.
 *
 * @public
 */
export function packDriverBundle(files: DriverBundleFile[]): Buffer {
  return gzipSync(serializeDriverFiles(files), { level: 9 });
}

/**
 * Unpacks a {@link packDriverBundle} archive: its files in path order, and their digest.
 * Refuses, with a {@link DriverArchiveError}, what is not such an archive: not gzip,
 * larger than `maxUnpackedBytes` once unpacked, a malformed record, a path that is not a
 * plain relative path (absolute, `..`, `.`, empty segments, `\`), files out of order or
 * twice, and a file whose path another file uses as a directory.
 *
 * @public
 */
export function unpackDriverBundle(
  archive: Buffer,
  options: { maxUnpackedBytes?: number } = {},
): { files: DriverBundleFile[]; digest: string } {
  const { maxUnpackedBytes = DEFAULT_MAX_UNPACKED_BYTES } = options;
  let serialized: Buffer;
  try {
    serialized = gunzipSync(archive, { maxOutputLength: maxUnpackedBytes });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new DriverArchiveError(
        `The driver archive unpacks to more than ${maxUnpackedBytes} bytes`,
      );
    }
    throw new DriverArchiveError(
      `The driver archive is not gzip data: ${(error as Error).message}`,
    );
  }

  const files: DriverBundleFile[] = [];
  const directories = new Set<string>();
  let offset = 0;
  while (offset < serialized.length) {
    const pathEnd = serialized.indexOf(0, offset);
    const lengthEnd = pathEnd < 0 ? -1 : serialized.indexOf(0, pathEnd + 1);
    if (lengthEnd < 0) {
      throw new DriverArchiveError(
        `The driver archive has a malformed record at byte ${offset}`,
      );
    }
    const path = serialized.toString('utf8', offset, pathEnd);
    const lengthText = serialized.toString('ascii', pathEnd + 1, lengthEnd);
    const length = Number(lengthText);
    const end = lengthEnd + 1 + length;
    if (!/^(0|[1-9]\d*)$/.test(lengthText) || end > serialized.length) {
      throw new DriverArchiveError(
        `The driver archive has a malformed length for ${JSON.stringify(path)}`,
      );
    }
    checkArchivePath(path);
    const previous = files.at(-1)?.path;
    if (
      previous !== undefined &&
      Buffer.compare(Buffer.from(previous), Buffer.from(path)) >= 0
    ) {
      throw new DriverArchiveError(
        `The driver archive lists ${JSON.stringify(
          path,
        )} out of order or twice`,
      );
    }
    const segments = path.split('/');
    for (let i = 1; i < segments.length; i++) {
      directories.add(segments.slice(0, i).join('/'));
    }
    files.push({ path, content: serialized.subarray(lengthEnd + 1, end) });
    offset = end;
  }
  const shadowed = files.find(file => directories.has(file.path));
  if (shadowed) {
    throw new DriverArchiveError(
      `The driver archive has ${JSON.stringify(
        shadowed.path,
      )} both as a file and as a directory`,
    );
  }
  return { files, digest: digestSerializedDriverFiles(serialized) };
}

function checkArchivePath(path: string): void {
  const segments = path.split('/');
  if (
    path.startsWith('/') ||
    path.includes('\\') ||
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f]/.test(path) ||
    segments.some(segment => ['', '.', '..'].includes(segment))
  ) {
    throw new DriverArchiveError(
      `The driver archive holds ${JSON.stringify(
        path,
      )}, which is not a plain relative path`,
    );
  }
}
