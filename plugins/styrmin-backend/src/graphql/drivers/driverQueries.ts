import { styrminDriverReadPermission } from '@styrmin/plugin-styrmin-common';
import { DriverStore } from '../../drivers/DriverStore';
import { withPermission } from '../fieldResolvers';
import { StyrminResolvers } from '../types';
import {
  toGraphQLDriver,
  toGraphQLDriverVersion,
} from './toGraphQLDriverVersion';

/**
 * The driver queries (`drivers`, `driver`, `driverVersion`), which need
 * `styrmin.driver.read`. The other driver types read the objects that
 * `toGraphQLDriverVersion` builds.
 *
 * @internal
 */
export function createDriverQueries(options: {
  store: DriverStore;
}): StyrminResolvers {
  const { store } = options;
  const read = styrminDriverReadPermission;
  return {
    Query: {
      drivers: withPermission(read, async () =>
        (await store.listDrivers()).map(toGraphQLDriver),
      ),
      driver: withPermission(read, async (_parent, args) => {
        const driver = await store.getDriver({ name: args.name });
        return driver && toGraphQLDriver(driver);
      }),
      driverVersion: withPermission(read, async (_parent, args) => {
        const driverVersion = await store.getDriverVersion(args);
        return driverVersion && toGraphQLDriverVersion(driverVersion);
      }),
    },
  };
}
