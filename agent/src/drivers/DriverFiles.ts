/**
 * The application driver version a resource names, by its content digest.
 *
 * @public
 */
export interface DriverVersionRef {
  name: string;
  /** For messages: the digest alone names the files (the chart server knows no more). */
  version?: string;
  /** `sha256:<hex>` over the driver version's files. */
  digest: string;
}

/**
 * Where the agent finds the files of a driver version (its bundle: driver.styrmin.yml, the
 * values template, the actions and a chart of its own). The operator renders a chart that the
 * driver ships from them.
 *
 * @public
 */
export interface DriverFiles {
  /** The local directory of the driver version; throws when it is not available. */
  directoryOf(driver: DriverVersionRef): Promise<string>;
}
