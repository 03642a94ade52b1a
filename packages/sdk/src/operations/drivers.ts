import { DriverVersion } from './driverVersionFields';
import { StyrminOperation } from './StyrminOperation';

/**
 * A loaded version of a driver, as lists show it: enough to describe the driver, choose a
 * version and an application version for it; `driverVersion` reads the rest.
 *
 * @public
 */
export interface DriverVersionSummary
  extends Pick<
    DriverVersion,
    | 'version'
    | 'title'
    | 'supportedVersions'
    | 'digest'
    | 'source'
    | 'loadedBy'
    | 'loadedAt'
  > {
  info: Pick<DriverVersion['info'], 'icon' | 'description'>;
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
