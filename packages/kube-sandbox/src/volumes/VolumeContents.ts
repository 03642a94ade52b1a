import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '../api/ApiError';
import { SandboxApi } from '../api/SandboxApi';
import { KubeObject } from '../store/types';

/** One file of a volume: its path inside the volume (`/`-separated) and its size in bytes. */
export interface VolumeFile {
  path: string;
  size: number;
}

/** The store's resource key of PersistentVolumeClaims. */
export const CLAIMS = '/persistentvolumeclaims';

/**
 * The simulated contents of PersistentVolumeClaims: files in a folder per claim uid under
 * `<directory>`, so that they survive a restart with the sandbox's state, a claim deleted and
 * created again starts empty (a new volume, as a cluster's dynamic provisioner gives), and
 * Velero's file-system backup has something to copy. Tests address a claim by namespace and
 * name; the Velero stand-in and the binder address it by uid.
 */
export class VolumeContents {
  readonly #api: SandboxApi;
  readonly #directory: string;

  private constructor(api: SandboxApi, directory: string) {
    this.#api = api;
    this.#directory = directory;
  }

  static create(options: {
    api: SandboxApi;
    directory: string;
  }): VolumeContents {
    return new VolumeContents(options.api, options.directory);
  }

  /** The files of a claim, sorted by path. 404 when the claim does not exist. */
  async list(namespace: string, claim: string): Promise<VolumeFile[]> {
    const files = await this.#walk(this.#folder(this.#claim(namespace, claim)));
    return files.map(({ path: p, size }) => ({ path: p, size }));
  }

  /** A file's content; 404 when the claim or the file does not exist. */
  async read(namespace: string, claim: string, file: string): Promise<Buffer> {
    const folder = this.#folder(this.#claim(namespace, claim));
    try {
      return await fsp.readFile(path.join(folder, checkedPath(file)));
    } catch (error) {
      if (isMissing(error)) {
        throw ApiError.withCode(
          404,
          `file "${file}" not found in persistentvolumeclaim ${namespace}/${claim}`,
        );
      }
      throw error;
    }
  }

  /** Writes a file (its folders are created). 404 when the claim does not exist. */
  async write(
    namespace: string,
    claim: string,
    file: string,
    content: Buffer | string,
  ): Promise<void> {
    await this.writeByUid(
      this.#claim(namespace, claim).metadata.uid!,
      file,
      content,
    );
  }

  /** Removes a file; a missing file is not an error. */
  async remove(namespace: string, claim: string, file: string): Promise<void> {
    const folder = this.#folder(this.#claim(namespace, claim));
    await fsp.rm(path.join(folder, checkedPath(file)), { force: true });
  }

  /** Every file of the volume of a claim uid with its content (none for an unknown uid). */
  async readAllByUid(uid: string): Promise<Map<string, Buffer>> {
    const folder = this.#folderOf(uid);
    const files = new Map<string, Buffer>();
    for (const file of await this.#walk(folder)) {
      files.set(file.path, await fsp.readFile(path.join(folder, file.path)));
    }
    return files;
  }

  async writeByUid(
    uid: string,
    file: string,
    content: Buffer | string,
  ): Promise<void> {
    const target = path.join(this.#folderOf(uid), checkedPath(file));
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.writeFile(target, content);
  }

  /** Removes a volume's contents, as a reclaim policy Delete does. */
  async discard(uid: string): Promise<void> {
    await fsp.rm(this.#folderOf(uid), { recursive: true, force: true });
  }

  /** The claim uids that have contents (read synchronously: for a controller's first keys). */
  storedUids(): string[] {
    try {
      return fs.readdirSync(this.#directory);
    } catch (error) {
      if (isMissing(error)) {
        return [];
      }
      throw error;
    }
  }

  #claim(namespace: string, name: string): KubeObject {
    return this.#api.get(
      this.#api.scope('v1', 'PersistentVolumeClaim', namespace),
      name,
    );
  }

  #folder(claim: KubeObject): string {
    return this.#folderOf(claim.metadata.uid!);
  }

  #folderOf(uid: string): string {
    if (!/^[A-Za-z0-9-]+$/.test(uid)) {
      throw ApiError.badRequest(`invalid claim uid "${uid}"`);
    }
    return path.join(this.#directory, uid);
  }

  async #walk(folder: string, prefix = ''): Promise<VolumeFile[]> {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(path.join(folder, prefix), {
        withFileTypes: true,
      });
    } catch (error) {
      if (isMissing(error)) {
        return [];
      }
      throw error;
    }
    const files: VolumeFile[] = [];
    for (const entry of entries) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        files.push(...(await this.#walk(folder, relative)));
      } else if (entry.isFile()) {
        const { size } = await fsp.stat(path.join(folder, relative));
        files.push({ path: relative, size });
      }
    }
    return files.sort((a, b) => a.path.localeCompare(b.path));
  }
}

/** Where a file may be: relative, inside the volume, no `..`; a leading `/` is dropped. */
function checkedPath(file: string): string {
  const normalized = path.posix.normalize(file.replace(/^\/+/, ''));
  if (
    !file ||
    normalized === '.' ||
    normalized.startsWith('../') ||
    normalized === '..' ||
    normalized.includes('\0')
  ) {
    throw ApiError.badRequest(
      `invalid file path "${file}": it must name a file inside the volume`,
    );
  }
  return normalized;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === 'ENOENT';
}
