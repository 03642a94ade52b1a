import { DriverSource } from './driverVersionFields';
import { StyrminOperation } from './StyrminOperation';

/**
 * A loaded version of a driver, as lists show it.
 *
 * @public
 */
export interface DriverVersionSummary {
  version: string;
  digest: string;
  source: Pick<DriverSource, 'type'>;
  loadedBy: string;
  loadedAt: string;
}

/**
 * An application driver with its loaded versions, newest first.
 *
 * @public
 */
export interface Driver {
  name: string;
  /** The title of its latest version. */
  title: string;
  versions: DriverVersionSummary[];
  latestVersion: DriverVersionSummary;
}

const SUMMARY = /* GraphQL */ `
  version
  digest
  source {
    type
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
