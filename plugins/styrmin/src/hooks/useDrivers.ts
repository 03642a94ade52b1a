import type { Driver, DriverVersion } from '@styrmin/sdk';
import { readDriverVersions } from './readDriverVersions';
import { useStyrminApi } from './useStyrminApi';

/** A driver as the drivers page lists it. */
export interface DriverWithLatestVersion {
  driver: Driver;
  /** Its latest version in full; undefined if it could not be read. */
  latestVersion?: DriverVersion;
}

/** Every loaded driver, by name, each with its latest version in full. */
export function useDrivers() {
  return useStyrminApi(async api => {
    const drivers = await api.getDrivers();
    return Promise.all(
      drivers.map(async (driver): Promise<DriverWithLatestVersion> => {
        const [latestVersion] = await readDriverVersions(api, driver.name, [
          driver.latestVersion.version,
        ]);
        return { driver, latestVersion };
      }),
    );
  });
}
