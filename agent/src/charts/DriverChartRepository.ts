import { parseDriverSpec } from '@styrmin/plugin-styrmin-common';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DriverFiles } from '../drivers/DriverFiles';
import { runHelm } from '../helm/runHelm';

/** @public */
export interface DriverChartRepositoryOptions {
  driverFiles: DriverFiles;
  /** The helm binary, which packs the chart and writes the index. */
  helm: string;
  /** Where the packed charts are kept, one folder per driver and version digest. */
  directory: string;
}

/** The Helm repository of one driver version: its `index.yaml` and its packed chart. */
export interface PackedDriverChart {
  /** The folder that holds `index.yaml` and `<chart>-<version>.tgz`. */
  directory: string;
  /** The file names a client may ask for in it. */
  files: string[];
}

/**
 * Where a request for a driver's chart cannot be served: an unknown driver version, or one
 * whose chart does not come from its own directory.
 *
 * @public
 */
export class DriverChartNotFoundError extends Error {
  name = 'DriverChartNotFoundError' as const;
}

/**
 * The charts that drivers ship in their own directory, as one Helm repository per driver
 * version (`<driver>/<digest hex>/index.yaml` and the `.tgz` it lists), packed once from
 * the version's bundle with `helm package` and indexed with `helm repo index`. The index
 * lists the chart by a relative URL, which Helm and Flux resolve against the repository's
 * own, so the repository serves under any address. A digest names its files for good: a
 * packed folder is renamed into place complete and never changes.
 *
 * @public
 */
export class DriverChartRepository {
  readonly #driverFiles: DriverFiles;
  readonly #helm: string;
  readonly #directory: string;
  readonly #pending = new Map<string, Promise<PackedDriverChart>>();

  private constructor(options: DriverChartRepositoryOptions) {
    this.#driverFiles = options.driverFiles;
    this.#helm = options.helm;
    this.#directory = path.resolve(options.directory);
  }

  static create(options: DriverChartRepositoryOptions): DriverChartRepository {
    return new DriverChartRepository(options);
  }

  /** The repository of a driver version, packed on first use. */
  chartOf(driver: { name: string; hex: string }): Promise<PackedDriverChart> {
    if (!/^[0-9a-f]{64}$/.test(driver.hex)) {
      return Promise.reject(
        new DriverChartNotFoundError(`${driver.hex} is not a sha256 digest`),
      );
    }
    const key = `${driver.name}/${driver.hex}`;
    let pending = this.#pending.get(key);
    if (!pending) {
      pending = this.#packed(driver.name, driver.hex).finally(() =>
        this.#pending.delete(key),
      );
      this.#pending.set(key, pending);
    }
    return pending;
  }

  async #packed(name: string, hex: string): Promise<PackedDriverChart> {
    // Under the name too: a digest of another driver must not be served under this one.
    const target = path.join(this.#directory, name, hex);
    if (!existsSync(target)) {
      await this.#pack(name, hex, target);
    }
    return { directory: target, files: await fs.readdir(target) };
  }

  async #pack(name: string, hex: string, target: string): Promise<void> {
    const bundle = await this.#driverFiles.directoryOf({
      name,
      digest: `sha256:${hex}`,
    });
    const parsed = parseDriverSpec(
      await fs.readFile(path.join(bundle, 'driver.styrmin.yml'), 'utf8'),
    );
    if (!parsed.success) {
      throw new Error(`The driver.styrmin.yml of sha256:${hex} does not parse`);
    }
    const { spec } = parsed;
    const { source } = spec.spec.helm.main;
    if (spec.metadata.name !== name) {
      throw new DriverChartNotFoundError(
        `sha256:${hex} is a version of driver ${spec.metadata.name}, not ${name}`,
      );
    }
    if (source.type !== 'directory') {
      throw new DriverChartNotFoundError(
        `Driver ${name} ${spec.spec.version} takes its chart from a ${source.type} source, not from its own directory`,
      );
    }
    await fs.mkdir(path.dirname(target), { recursive: true });
    const staging = `${target}.${randomBytes(4).toString('hex')}.partial`;
    const work = `${staging}.work`;
    try {
      await fs.mkdir(staging);
      await fs.mkdir(work);
      await runHelm({
        helm: this.#helm,
        work,
        args: [
          'package',
          path.join(bundle, source.path),
          '--destination',
          staging,
        ],
      });
      await runHelm({
        helm: this.#helm,
        work,
        args: ['repo', 'index', staging],
      });
      await fs.rename(staging, target);
    } catch (error) {
      if (!existsSync(target)) {
        throw error;
      }
    } finally {
      await fs.rm(staging, { recursive: true, force: true });
      await fs.rm(work, { recursive: true, force: true });
    }
  }
}
