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
  const message = applicationVersionProblem({
    supportedVersions: driver.spec.supported_versions,
    appVersion,
    driverVersion: driverVersionName(driver),
  });
  return message
    ? [{ code: 'VALIDATION_FAILED', field: 'app_version', message }]
    : [];
}

/**
 * Why a driver version that deploys `supportedVersions` refuses an application version,
 * or undefined when it does not: the rule of {@link validateApplicationVersion}, for
 * forms that know the range (the drivers list carries it) but not the whole spec.
 *
 * @public
 */
export function applicationVersionProblem({
  supportedVersions,
  appVersion,
  driverVersion,
}: {
  supportedVersions: string;
  appVersion: string;
  /** How messages name the driver version: `infrahub 1.1.0`. */
  driverVersion: string;
}): string | undefined {
  if (valid(appVersion) !== appVersion) {
    return `"${appVersion}" is not a semantic version such as 1.5.2`;
  }
  if (!satisfies(appVersion, supportedVersions)) {
    return `${driverVersion} deploys the application versions ${supportedVersions}, which ${appVersion} is outside of`;
  }
  return undefined;
}
