import { ParameterValue } from '../configuration/DeploymentConfiguration';
import { DriverSpec } from '../driver/DriverSpec';
import { formatDriverSpecPath } from '../driver/DriverSpecProblem';
import { driverVersionName } from './driverVersionName';
import { ValidationProblem } from './ValidationProblem';

/**
 * What the retired-parameter rule makes of a change's parameter values.
 *
 * @public
 */
export interface RetiredParameterMigration {
  /** The values to keep: every value but the retired ones. */
  parameters: Record<string, ParameterValue>;
  /** The retired parameters whose values were dropped, in the order they came. */
  dropped: string[];
  /** A RETIRED_PARAMETER_VALUE problem for each retired value that could not be dropped. */
  problems: ValidationProblem[];
}

/**
 * The glossary's retired-parameter rule, for a change that moves a deployment from
 * `currentDriver` to `driver`: a parameter that the current driver version declares and
 * the target one no longer does is dropped when its value equals its default in the
 * current driver version, and otherwise refused (RETIRED_PARAMETER_VALUE), since dropping
 * it would silently change what runs. Values of parameters that neither version declares
 * are kept for `validateParameters` to report.
 *
 * @public
 */
export function migrateRetiredParameters({
  currentDriver,
  driver,
  parameters,
}: {
  /** The driver version the deployment uses now; absent when the change creates it. */
  currentDriver?: DriverSpec;
  /** The driver version the deployment uses after the change. */
  driver: DriverSpec;
  parameters: Readonly<Record<string, ParameterValue>>;
}): RetiredParameterMigration {
  const migration: RetiredParameterMigration = {
    parameters: {},
    dropped: [],
    problems: [],
  };
  for (const [name, value] of Object.entries(parameters)) {
    const retired =
      currentDriver &&
      !Object.hasOwn(driver.spec.parameters, name) &&
      Object.hasOwn(currentDriver.spec.parameters, name)
        ? currentDriver.spec.parameters[name]
        : undefined;
    if (!currentDriver || !retired) {
      migration.parameters[name] = value;
      continue;
    }
    const currentDefault = 'default' in retired ? retired.default : undefined;
    if (value === currentDefault) {
      migration.dropped.push(name);
      continue;
    }
    const from = driverVersionName(currentDriver);
    // A secret's value is never repeated (and a secret has no default).
    const difference =
      currentDefault === undefined
        ? `it has a value and no default in ${from}`
        : `its value ${JSON.stringify(
            value,
          )} differs from its default in ${from} (${JSON.stringify(
            currentDefault,
          )})`;
    migration.problems.push({
      code: 'RETIRED_PARAMETER_VALUE',
      field: formatDriverSpecPath(['parameters', name]),
      message: `${driverVersionName(
        driver,
      )} no longer declares the parameter ${name}, and ${difference}: dropping it would change the deployment, so leave it out of the change to drop it knowingly`,
    });
  }
  return migration;
}
