import { DriverSpec } from '../driver/DriverSpec';

/** How messages name an application driver version: `infrahub 1.1.0`. */
export function driverVersionName(driver: DriverSpec): string {
  return `${driver.metadata.name} ${driver.spec.version}`;
}
