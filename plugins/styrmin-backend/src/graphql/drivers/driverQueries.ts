import { styrminDriverReadPermission } from '@styrmin/plugin-styrmin-common';
import { Driver, DriverStore } from '../../drivers/DriverStore';
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
      // Not the utilities' drivers, which only Styrmin deploys (docs/utilities.md); their
      // versions stay readable, for the utilities' deployments.
      drivers: withPermission(read, async () =>
        (await store.listDrivers())
          .filter(driver => !isUtility(driver))
          .map(toGraphQLDriver),
      ),
      driver: withPermission(read, async (_parent, args) => {
        const driver = await store.getDriver({ name: args.name });
        return driver && !isUtility(driver)
          ? toGraphQLDriver(driver)
          : undefined;
      }),
      driverVersion: withPermission(read, async (_parent, args) => {
        const driverVersion = await store.getDriverVersion(args);
        return driverVersion && toGraphQLDriverVersion(driverVersion);
      }),
    },
  };
}

/** A driver's versions are all a utility's or none (DriverStore.loadDriverVersion). */
function isUtility(driver: Driver): boolean {
  return driver.versions[0].utility === true;
}
