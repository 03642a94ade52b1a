import { createHash } from 'node:crypto';
import { DriverBundleFile } from './types';

/** Sorts files in byte order of their paths: the order of the bundle and of its digest. */
export function sortByPath(files: DriverBundleFile[]): DriverBundleFile[] {
  return [...files].sort((a, b) =>
    Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)),
  );
}

/**
 * The content digest of a driver version: sha256 over its files in byte order of their
 * relative POSIX paths, each as path, NUL, byte length, NUL, content. The lengths keep
 * the boundaries unambiguous; nothing of the machine (absolute paths, modes, times) goes
 * in, so the same files give the same digest everywhere.
 */
export function digestDriverFiles(files: DriverBundleFile[]): string {
  const hash = createHash('sha256');
  for (const { path, content } of sortByPath(files)) {
    hash.update(`${path}\0${content.length}\0`);
    hash.update(content);
  }
  return `sha256:${hash.digest('hex')}`;
}
