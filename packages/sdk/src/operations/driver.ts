import { Driver, DRIVER_FIELDS } from './drivers';
import { StyrminOperation } from './StyrminOperation';

/** Reads `driver(name)`: what `StyrminClient.driver(name)` returns. */
export const driverOperation: StyrminOperation<
  { driver: Driver | null },
  Driver | undefined
> = {
  operationName: 'Driver',
  document: /* GraphQL */ `
    query Driver($name: String!) {
      driver(name: $name) {
        ${DRIVER_FIELDS}
      }
    }
  `,
  result: data => data.driver ?? undefined,
};
