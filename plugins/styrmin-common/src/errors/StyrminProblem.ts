import type { StyrminErrorCode } from './StyrminErrorCode';

/**
 * One thing wrong with an input, precise enough to fix without guessing: a
 * `VALIDATION_FAILED` error lists every problem found, not the first only. A problem of a
 * driver names the file (relative to the driver directory), the field of driver.styrmin.yml
 * (`spec.actions[1].function.export`) and the 1-based line and column in that file, where
 * it has them.
 *
 * @public
 */
export interface StyrminProblem {
  /** The rule broken, where it has its own code (`SINGLETON_REPLICA_OVERRIDE`). */
  code?: StyrminErrorCode;
  /** The file at fault, relative to what was loaded (`.` for the whole). */
  file?: string;
  /** The field at fault, for example `spec.components.server.replicas`. */
  path?: string;
  line?: number;
  column?: number;
  message: string;
}
