import { satisfies, valid } from 'semver';
import { DriverSpec } from '../driver/DriverSpec';
import { driverVersionName } from './driverVersionName';
import { ValidationProblem } from './ValidationProblem';

/**
 * Checks that an application version is a semantic version within the driver version's
 * `supported_versions`. Ranges follow the npm semver package: a pre-release
 * (`1.5.0-rc.1`) is within a range only where the range names a pre-release of the same
 * version, so a driver version supports release candidates only when it says so.
 *
 * @public
 */
export function validateApplicationVersion({
  driver,
  appVersion,
}: {
  driver: DriverSpec;
  appVersion: string;
}): ValidationProblem[] {
  const range = driver.spec.supported_versions;
  let message: string | undefined;
  if (valid(appVersion) !== appVersion) {
    message = `"${appVersion}" is not a semantic version such as 1.5.2`;
  } else if (!satisfies(appVersion, range)) {
    message = `${driverVersionName(
      driver,
    )} deploys the application versions ${range}, which ${appVersion} is outside of`;
  }
  return message
    ? [{ code: 'VALIDATION_FAILED', field: 'app_version', message }]
    : [];
}
