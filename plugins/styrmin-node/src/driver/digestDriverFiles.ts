import { createHash } from 'node:crypto';
import { DriverBundleFile } from './types';

/** Sorts files in byte order of their paths: the order of the bundle and of its digest. */
export function sortByPath(files: DriverBundleFile[]): DriverBundleFile[] {
  return [...files].sort((a, b) =>
    Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)),
  );
}

/**
 * The canonical serialization of a driver version's files: in byte order of their relative
 * POSIX paths, each as path, NUL, byte length, NUL, content. The lengths keep the
 * boundaries unambiguous; nothing of the machine (absolute paths, modes, times) goes in.
 * The digest is taken over it and the bundle archive is it, gzipped.
 */
export function serializeDriverFiles(files: DriverBundleFile[]): Buffer {
  return Buffer.concat(
    sortByPath(files).flatMap(({ path, content }) => [
      Buffer.from(`${path}\0${content.length}\0`),
      content,
    ]),
  );
}

/**
 * The content digest of a driver version: sha256 over {@link serializeDriverFiles}, so the
 * same files give the same digest everywhere.
 */
export function digestDriverFiles(files: DriverBundleFile[]): string {
  return digestSerializedDriverFiles(serializeDriverFiles(files));
}

/** The digest of files already serialized, as an unpacked archive holds them. */
export function digestSerializedDriverFiles(serialized: Buffer): string {
  return `sha256:${createHash('sha256').update(serialized).digest('hex')}`;
}
