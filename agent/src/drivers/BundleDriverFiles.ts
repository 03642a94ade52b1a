import {
  packDriverBundle,
  unpackDriverBundle,
} from '@styrmin/plugin-styrmin-node';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DriverFiles, DriverVersionRef } from './DriverFiles';

/** @public */
export interface BundleDriverFilesOptions {
  /**
   * Fetches the files of a driver version by its digest (the agent protocol's
   * `GET /bundles/:digest`); undefined when the server has none of that digest for the
   * cluster.
   */
  fetchBundle(digest: string): Promise<BundleFile[] | undefined>;
  /** Where the unpacked bundles are kept, one folder per digest. */
  directory: string;
}

/** One file of a bundle, as the agent protocol sends it. */
export interface BundleFile {
  path: string;
  content: Uint8Array;
}

/**
 * The server has no driver version of that digest for the cluster.
 *
 * @public
 */
export class UnknownDriverVersionError extends Error {
  name = 'UnknownDriverVersionError' as const;
}

const DIGEST = /^sha256:([0-9a-f]{64})$/;

/**
 * The files of driver versions, fetched from the server by content digest and unpacked into
 * a folder of their own, once: a digest names its files for good, so a folder that exists
 * is what the digest says and needs no second look. A bundle is unpacked next to its folder
 * and renamed into place, so a folder is complete whenever it exists, even when the agent
 * dies while unpacking. The files go through the bundle archive's own checks (plain
 * relative paths, in order, once each) and are refused unless they hash to the digest asked
 * for: what the server sent is never trusted further than that.
 *
 * @public
 */
export class BundleDriverFiles implements DriverFiles {
  readonly #fetchBundle: BundleDriverFilesOptions['fetchBundle'];
  readonly #directory: string;
  /** The unpacking in progress, by digest: one fetch however many callers ask at once. */
  readonly #pending = new Map<string, Promise<string>>();

  private constructor(options: BundleDriverFilesOptions) {
    this.#fetchBundle = options.fetchBundle;
    this.#directory = path.resolve(options.directory);
  }

  static create(options: BundleDriverFilesOptions): BundleDriverFiles {
    return new BundleDriverFiles(options);
  }

  directoryOf(driver: DriverVersionRef): Promise<string> {
    const hex = DIGEST.exec(driver.digest)?.[1];
    if (!hex) {
      return Promise.reject(
        new Error(`${JSON.stringify(driver.digest)} is not a sha256 digest`),
      );
    }
    const target = path.join(this.#directory, hex);
    if (existsSync(target)) {
      return Promise.resolve(target);
    }
    let pending = this.#pending.get(hex);
    if (!pending) {
      pending = this.#unpack(driver, target).finally(() =>
        this.#pending.delete(hex),
      );
      this.#pending.set(hex, pending);
    }
    return pending;
  }

  async #unpack(driver: DriverVersionRef, target: string): Promise<string> {
    const fetched = await this.#fetchBundle(driver.digest);
    if (!fetched) {
      throw new UnknownDriverVersionError(
        `The server has no version of driver ${driver.name} with digest ${driver.digest} for this cluster`,
      );
    }
    const { files, digest } = unpackDriverBundle(
      packDriverBundle(
        fetched.map(file => ({
          path: file.path,
          content: Buffer.from(file.content),
        })),
      ),
    );
    if (digest !== driver.digest) {
      throw new Error(
        `The bundle fetched for driver ${driver.name} is ${digest}, not ${driver.digest}`,
      );
    }
    const staging = `${target}.${randomBytes(4).toString('hex')}.partial`;
    try {
      for (const file of files) {
        const destination = path.join(staging, file.path);
        await fs.mkdir(path.dirname(destination), { recursive: true });
        await fs.writeFile(destination, file.content);
      }
      await fs.mkdir(staging, { recursive: true });
      await fs.rename(staging, target);
    } catch (error) {
      // Another process (an agent that shares the folder) may have put it in place first.
      if (!existsSync(target)) {
        throw error;
      }
    } finally {
      await fs.rm(staging, { recursive: true, force: true });
    }
    return target;
  }
}
