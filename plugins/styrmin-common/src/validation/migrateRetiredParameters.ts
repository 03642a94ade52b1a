import { ComponentOverrides } from '../configuration/ComponentOverrides';
import { ParameterValue } from '../configuration/DeploymentConfiguration';
import { DriverSpec } from '../driver/DriverSpec';
import { formatDriverSpecPath } from '../driver/DriverSpecProblem';
import { driverVersionName } from './driverVersionName';
import { ValidationProblem } from './ValidationProblem';

/**
 * A retired parameter's value that a change carried over to what replaces it.
 *
 * @public
 */
export interface CarriedOverParameter {
  /** The retired parameter. */
  parameter: string;
  /** Where its value went: `components.<component>.replicas`. */
  field: string;
  value: ParameterValue;
}

/**
 * What the retired-parameter rule makes of a change's parameter values.
 *
 * @public
 */
export interface RetiredParameterMigration {
  /** The values to keep: every value but the retired ones. */
  parameters: Record<string, ParameterValue>;
  /** The component overrides, with the carried-over values in them. */
  components: Record<string, ComponentOverrides>;
  /** The retired parameters whose values were dropped, in the order they came. */
  dropped: string[];
  /** The retired values carried over to their replacements, in the order they came. */
  carriedOver: CarriedOverParameter[];
  /** A RETIRED_PARAMETER_VALUE problem for each retired value that could not be dropped. */
  problems: ValidationProblem[];
}

const ReplicaOverride = ComponentOverrides.shape.replicas.unwrap();

/**
 * The glossary's retired-parameter rule, for a change that moves a deployment from
 * `currentDriver` to `driver`: a parameter that the current driver version declares and
 * the target one no longer does is dropped when its value equals its default in the
 * current driver version. Otherwise its value goes to what the target version says
 * replaces it (`spec.retired_parameters.<name>.replaced_by`: a component's replica
 * override), unless the change sets that itself, which drops the value; without a
 * replacement it is refused (RETIRED_PARAMETER_VALUE), since dropping it would silently
 * change what runs. Values of parameters that neither version declares are kept for
 * `validateParameters` to report.
 *
 * @public
 */
export function migrateRetiredParameters({
  currentDriver,
  driver,
  parameters,
  components = {},
}: {
  /** The driver version the deployment uses now; absent when the change creates it. */
  currentDriver?: DriverSpec;
  /** The driver version the deployment uses after the change. */
  driver: DriverSpec;
  parameters: Readonly<Record<string, ParameterValue>>;
  /** The component overrides after the change. */
  components?: Readonly<Record<string, ComponentOverrides>>;
}): RetiredParameterMigration {
  const migration: RetiredParameterMigration = {
    parameters: {},
    components: { ...components },
    dropped: [],
    carriedOver: [],
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
    const problem = (difference: string): ValidationProblem => ({
      code: 'RETIRED_PARAMETER_VALUE',
      field: formatDriverSpecPath(['parameters', name]),
      message: `${driverVersionName(
        driver,
      )} no longer declares the parameter ${name}, and ${difference}`,
    });
    const replacement = Object.hasOwn(
      driver.spec.retired_parameters ?? {},
      name,
    )
      ? driver.spec.retired_parameters![name].replaced_by.replica_override
      : undefined;
    if (replacement !== undefined) {
      const own = migration.components[replacement] ?? {};
      if (own.replicas !== undefined) {
        migration.dropped.push(name);
      } else if (ReplicaOverride.safeParse(value).success) {
        migration.components[replacement] = {
          ...own,
          replicas: value as number,
        };
        migration.carriedOver.push({
          parameter: name,
          field: formatDriverSpecPath(['components', replacement, 'replicas']),
          value,
        });
      } else {
        migration.problems.push(
          problem(
            `its value ${JSON.stringify(
              value,
            )} is no replica override (a whole number of 1 or more) for the component ${replacement} that replaces it: set components.${replacement}.replicas, or leave the parameter out of the change to drop it`,
          ),
        );
      }
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
    migration.problems.push(
      problem(
        `${difference}: dropping it would change the deployment, so leave it out of the change to drop it knowingly`,
      ),
    );
  }
  return migration;
}
