import { DriverVersion, driverVersionFragment } from './driverVersionFields';
import { StyrminOperation } from './StyrminOperation';

/** Reads `driverVersion(name, version)`: what `StyrminClient.driverVersion()` returns. */
export const driverVersionOperation: StyrminOperation<
  { driverVersion: DriverVersion | null },
  DriverVersion | undefined
> = {
  operationName: 'DriverVersion',
  document: /* GraphQL */ `
    query DriverVersion($name: String!, $version: String!) {
      driverVersion(name: $name, version: $version) {
        ...DriverVersionFields
      }
    }
    ${driverVersionFragment}
  `,
  result: data => data.driverVersion ?? undefined,
};
