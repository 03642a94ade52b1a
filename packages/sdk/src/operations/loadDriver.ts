import { DriverVersion, driverVersionFragment } from './driverVersionFields';
import { StyrminOperation } from './StyrminOperation';

/**
 * What to load a driver version from: the `LoadDriverInput` of the API.
 *
 * @public
 */
export type LoadDriverInput =
  | {
      /** A directory on the server's machine, inside its allowed directories. */
      source: 'DIRECTORY';
      path: string;
    }
  | {
      /** A git repository that the server clones. */
      source: 'GIT';
      url: string;
      /** A branch, tag or commit; the default branch when absent. */
      ref?: string;
      /** The driver directory in the repository; its root when absent. */
      path?: string;
    }
  | {
      /** Files the caller read: packDriverBundle of @styrmin/plugin-styrmin-node. */
      source: 'UPLOAD';
      /** The archive, base64. */
      archive: string;
      /** The directory the caller read, for people reading the source later. */
      path?: string;
    };

/**
 * What `StyrminClient.loadDriver()` returns.
 *
 * @public
 */
export interface LoadDriverResult {
  /** The loaded version: new, or the one loaded before with the same content. */
  driverVersion: DriverVersion;
  /** False when the version was loaded before with the same content. */
  created: boolean;
}

/** The `loadDriver` mutation. */
export const loadDriverOperation: StyrminOperation<
  { loadDriver: LoadDriverResult },
  LoadDriverResult
> = {
  operationName: 'LoadDriver',
  document: /* GraphQL */ `
    mutation LoadDriver($input: LoadDriverInput!) {
      loadDriver(input: $input) {
        created
        driverVersion {
          ...DriverVersionFields
        }
      }
    }
    ${driverVersionFragment}
  `,
  result: data => data.loadDriver,
};
