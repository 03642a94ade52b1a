import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { timestamp } from '../../util/json';

/** An artifact as source-controller reports it in `status.artifact`. */
export interface Artifact {
  /** Relative to the storage: `<kind>/<namespace>/<name>/<file>`. */
  path: string;
  url: string;
  revision: string;
  /** `sha256:<hex>` of the stored file. */
  digest: string;
  lastUpdateTime: string;
  size: number;
}

/** Where source-controller's Service would serve artifacts in a cluster. */
const STORAGE_HOST = 'http://source-controller.flux-system.svc.cluster.local.';

export function sha256Digest(data: Buffer | string): string {
  return `sha256:${createHash('sha256').update(data).digest('hex')}`;
}

/**
 * source-controller's artifact storage on disk: one folder per source object
 * (`<kind>/<namespace>/<name>/`) holding its latest artifact only (older files are
 * garbage-collected when a new one is stored), which helm-controller reads charts from.
 */
export class ArtifactStorage {
  readonly #root: string;

  private constructor(root: string) {
    this.#root = root;
  }

  static create(options: { directory: string }): ArtifactStorage {
    return new ArtifactStorage(path.resolve(options.directory));
  }

  /** The file of an artifact on this machine. */
  localPath(artifact: Pick<Artifact, 'path'>): string {
    return path.join(this.#root, artifact.path);
  }

  /** Whether the file an artifact describes is still stored. */
  has(artifact: Pick<Artifact, 'path'> | undefined): boolean {
    return !!artifact?.path && existsSync(this.localPath(artifact));
  }

  /** Stores a source's new artifact and drops its older ones. */
  async store(options: {
    kind: string;
    namespace: string;
    name: string;
    file: string;
    revision: string;
    data: Buffer;
  }): Promise<Artifact> {
    const folder = [options.kind.toLowerCase(), options.namespace, options.name]
      .map(part => part.replace(/[/\\]/g, '_'))
      .join('/');
    const relative = `${folder}/${path.basename(options.file)}`;
    const directory = path.join(this.#root, folder);
    await fs.mkdir(directory, { recursive: true });
    const temporary = path.join(directory, `.${path.basename(options.file)}`);
    await fs.writeFile(temporary, options.data);
    await fs.rename(temporary, path.join(this.#root, relative));
    for (const entry of await fs.readdir(directory)) {
      if (entry !== path.basename(relative)) {
        await fs.rm(path.join(directory, entry), {
          recursive: true,
          force: true,
        });
      }
    }
    return {
      path: relative,
      url: `${STORAGE_HOST}/${relative}`,
      revision: options.revision,
      digest: sha256Digest(options.data),
      lastUpdateTime: timestamp(),
      size: options.data.length,
    };
  }

  /** Removes everything stored for a source (it was deleted). */
  async remove(kind: string, namespace: string, name: string): Promise<void> {
    await fs.rm(path.join(this.#root, kind.toLowerCase(), namespace, name), {
      recursive: true,
      force: true,
    });
  }
}
