import { DriverFiles, DriverVersionRef } from './DriverFiles';

/**
 * Driver versions in local directories, by content digest: the example drivers of the
 * embedded default and the tests.
 *
 * @public
 */
export class LocalDriverFiles implements DriverFiles {
  readonly #directories: ReadonlyMap<string, string>;

  private constructor(directories: ReadonlyMap<string, string>) {
    this.#directories = directories;
  }

  /** `directories` maps each digest to the directory that holds driver.styrmin.yml. */
  static create(directories: Record<string, string>): LocalDriverFiles {
    return new LocalDriverFiles(new Map(Object.entries(directories)));
  }

  async directoryOf(driver: DriverVersionRef): Promise<string> {
    const directory = this.#directories.get(driver.digest);
    if (!directory) {
      throw new Error(
        `The files of driver ${[driver.name, driver.version]
          .filter(Boolean)
          .join(' ')} (${driver.digest}) are not on this agent`,
      );
    }
    return directory;
  }
}
