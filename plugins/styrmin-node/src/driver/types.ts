import { DriverSpec } from '@styrmin/plugin-styrmin-common';

/**
 * One thing wrong with a driver directory. `line` and `column` (1-based) point into `file`
 * when the problem has a place there; `path` names the field of driver.styrmin.yml that
 * the problem belongs to, when there is one.
 *
 * @public
 */
export interface DriverProblem {
  /** The file at fault, relative to the driver directory (`.` for the driver as a whole). */
  file: string;
  path?: string;
  line?: number;
  column?: number;
  message: string;
}

/**
 * One file of a driver version's bundle.
 *
 * @public
 */
export interface DriverBundleFile {
  /** The path relative to the driver directory, with `/` separators. */
  path: string;
  content: Buffer;
}

/**
 * An application driver version read from a directory: what the backend stores and the
 * agent needs.
 *
 * @public
 */
export interface DriverBundle {
  spec: DriverSpec;
  /** `sha256:<hex>` over the bundle's files; the same content gives the same digest anywhere. */
  digest: string;
  /**
   * driver.styrmin.yml, the values template, the action modules with the modules they
   * import, and the chart when it is a directory inside the driver; sorted by path.
   */
  files: DriverBundleFile[];
}

/**
 * What reading a driver directory gives: the bundle, or every problem found.
 *
 * @public
 */
export type ReadDriverDirectoryResult =
  | { success: true; bundle: DriverBundle }
  | { success: false; problems: DriverProblem[] };
