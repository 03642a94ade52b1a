import { ParameterValue } from '../configuration/DeploymentConfiguration';
import { DriverParameter } from '../driver/DriverParameter';
import { DriverSpec } from '../driver/DriverSpec';
import { formatDriverSpecPath } from '../driver/DriverSpecProblem';
import { driverVersionName } from './driverVersionName';
import { ValidationProblem } from './ValidationProblem';

type Bounds = { minimum?: number; maximum?: number };

function boundsProblems(value: number, { minimum, maximum }: Bounds) {
  return [
    ...(minimum !== undefined && value < minimum
      ? [`Must be at least ${minimum}`]
      : []),
    ...(maximum !== undefined && value > maximum
      ? [`Must be at most ${maximum}`]
      : []),
  ];
}

/** The problems of a text value; none of them repeats the value, which may be a secret. */
function textProblems(
  value: string,
  parameter: Extract<DriverParameter, { type: 'string' | 'secret' }>,
) {
  // Counted in characters (code points), as JSON Schema's minLength and maxLength count.
  const length = [...value].length;
  return [
    ...(parameter.min_length !== undefined && length < parameter.min_length
      ? [`Must be at least ${parameter.min_length} characters long`]
      : []),
    ...(parameter.max_length !== undefined && length > parameter.max_length
      ? [`Must be at most ${parameter.max_length} characters long`]
      : []),
    ...(parameter.pattern !== undefined &&
    !new RegExp(parameter.pattern, 'u').test(value)
      ? [`Must match the pattern ${parameter.pattern}`]
      : []),
  ];
}

function valueProblems(
  parameter: DriverParameter,
  value: ParameterValue,
): string[] {
  switch (parameter.type) {
    case 'string':
    case 'secret':
      return typeof value === 'string'
        ? textProblems(value, parameter)
        : ['Must be text'];
    case 'enum':
      return typeof value === 'string' && parameter.values.includes(value)
        ? []
        : [`Must be one of ${parameter.values.join(', ')}`];
    case 'integer':
      return Number.isSafeInteger(value)
        ? boundsProblems(value as number, parameter)
        : ['Must be a whole number'];
    case 'number':
      return typeof value === 'number'
        ? boundsProblems(value, parameter)
        : ['Must be a number'];
    case 'boolean':
      return typeof value === 'boolean' ? [] : ['Must be true or false'];
    default:
      throw new TypeError(
        `Unknown parameter type ${JSON.stringify(
          (parameter as { type: unknown }).type,
        )}`,
      );
  }
}

function missingValueProblems(parameter: DriverParameter): string[] {
  // A parameter with a default always has a value.
  const hasDefault = 'default' in parameter && parameter.default !== undefined;
  return parameter.required && !hasDefault
    ? ['Required: the parameter has no default']
    : [];
}

/**
 * The problems of one value of a declared parameter (or prompt), or of its absence
 * (`undefined`); none of them repeats the value, which may be a secret.
 */
export function declaredValueProblems(
  parameter: DriverParameter,
  value: ParameterValue | undefined,
): string[] {
  return value === undefined
    ? missingValueProblems(parameter)
    : valueProblems(parameter, value);
}

/**
 * Checks parameter values against the parameters a driver version declares: no unknown
 * names, every required parameter without a default set, and each value of its declared
 * type, within its bounds, matching its pattern and among its values.
 *
 * @public
 */
export function validateParameters({
  driver,
  parameters,
}: {
  driver: DriverSpec;
  parameters: Readonly<Record<string, ParameterValue>>;
}): ValidationProblem[] {
  const declared = driver.spec.parameters;
  const field = (name: string) => formatDriverSpecPath(['parameters', name]);
  const unknown = Object.keys(parameters)
    .filter(name => !Object.hasOwn(declared, name))
    .map(name => ({
      code: 'VALIDATION_FAILED' as const,
      field: field(name),
      message: `${driverVersionName(driver)} declares no parameter "${name}"`,
    }));
  const invalid = Object.entries(declared).flatMap(([name, parameter]) => {
    const messages = declaredValueProblems(
      parameter,
      Object.hasOwn(parameters, name) ? parameters[name] : undefined,
    );
    return messages.map(message => ({
      code: 'VALIDATION_FAILED' as const,
      field: field(name),
      message,
    }));
  });
  return [...unknown, ...invalid];
}
