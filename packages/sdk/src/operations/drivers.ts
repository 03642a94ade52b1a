import { DriversQuery } from './generated/operationTypes';
import { StyrminOperation } from './StyrminOperation';

/**
 * An application driver with its loaded versions, newest first; `title` is the title of
 * its latest version.
 *
 * @public
 */
export type Driver = DriversQuery['drivers'][number];

/**
 * A loaded version of a driver, as lists show it: enough to describe the driver, choose a
 * version and an application version for it; `driverVersion` reads the rest.
 *
 * @public
 */
export type DriverVersionSummary = Driver['versions'][number];

const SUMMARY = /* GraphQL */ `
  version
  title
  supportedVersions
  info {
    icon
    description
  }
  digest
  source {
    type
    path
    url
    ref
    commit
  }
  loadedBy
  loadedAt
`;

/** The fields of a {@link Driver}, for the operations that read drivers. */
export const DRIVER_FIELDS = /* GraphQL */ `
  name
  title
  versions {
    ${SUMMARY}
  }
  latestVersion {
    ${SUMMARY}
  }
`;

/** Reads `drivers`: what `StyrminClient.drivers()` returns. */
export const driversOperation: StyrminOperation<
  { drivers: Driver[] },
  Driver[]
> = {
  operationName: 'Drivers',
  document: /* GraphQL */ `
    query Drivers {
      drivers {
        ${DRIVER_FIELDS}
      }
    }
  `,
  result: data => data.drivers,
};
