/**
 * A path into driver.styrmin.yml, as zod reports it: keys and list indexes from the root.
 *
 * @public
 */
export type DriverSpecPath = ReadonlyArray<PropertyKey>;

/**
 * Where a value sits in driver.styrmin.yml, both 1-based.
 *
 * @public
 */
export interface DriverSpecLocation {
  line: number;
  column: number;
}

/**
 * One thing wrong with a driver.styrmin.yml, precise enough to fix without guessing.
 *
 * @public
 */
export interface DriverSpecProblem extends DriverSpecLocation {
  /** The field at fault, for example `spec.components.server.replicas`; empty for the whole document. */
  path: string;
  message: string;
}

const plainKey = /^[A-Za-z_][\w-]*$/;

/**
 * Formats a path the way people write it: `spec.services[0].component`, with keys that
 * are not plain words quoted (`selector["app.kubernetes.io/name"]`).
 *
 * @public
 */
export function formatDriverSpecPath(path: DriverSpecPath): string {
  return path
    .map((segment, index) => {
      if (typeof segment === 'number') {
        return `[${segment}]`;
      }
      const key = String(segment);
      if (plainKey.test(key)) {
        return index === 0 ? key : `.${key}`;
      }
      return `[${JSON.stringify(key)}]`;
    })
    .join('');
}
