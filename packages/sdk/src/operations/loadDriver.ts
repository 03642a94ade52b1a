import { DriverVersion, driverVersionFragment } from './driverVersionFields';
import {
  LoadDriverInput as GeneratedLoadDriverInput,
  LoadDriverMutation,
} from './generated/operationTypes';
import { StyrminOperation } from './StyrminOperation';
import { WithJsonFields } from './WithJsonFields';

/**
 * What to load a driver version from: the `LoadDriverInput` of the API. Each source takes
 * its own fields, and the server refuses the others: DIRECTORY a `path` on the server's
 * machine, inside its allowed directories; GIT a repository `url` that the server clones,
 * with a `ref` (a branch, tag or commit; the default branch when absent) and the driver
 * directory's `path` in it (its root when absent); UPLOAD the `archive` of the files the
 * caller read (packDriverBundle of `@styrmin/plugin-styrmin-node`, base64), with the
 * `path` of the directory it read, for people reading the source later.
 *
 * @public
 */
export type LoadDriverInput = GeneratedLoadDriverInput;

/**
 * What `StyrminClient.loadDriver()` returns: the loaded version (new, or the one loaded
 * before with the same content) and `created`, false when the version was loaded before
 * with the same content.
 *
 * @public
 */
export type LoadDriverResult = WithJsonFields<
  LoadDriverMutation['loadDriver'],
  { driverVersion: DriverVersion }
>;

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
