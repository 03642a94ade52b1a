import { validationError, ValidationResult } from './ValidationProblem';

/**
 * A validation of a nested input, its problems' fields put under the input's field
 * (`storage_class` of the settings becomes `settings.storage_class`).
 *
 * @public
 */
export function withinField<T>(
  field: string,
  result: ValidationResult<T>,
): ValidationResult<T> {
  return result.success
    ? result
    : {
        success: false,
        problems: result.problems.map(problem => ({
          ...problem,
          field: problem.field ? `${field}.${problem.field}` : field,
        })),
      };
}

/**
 * The values of several validated inputs by name, or the error that lists the problems
 * of all of them (`validationError`), so that one answer names every mistake.
 *
 * @public
 */
export function allValid<T extends Record<string, ValidationResult<unknown>>>(
  results: T,
): { [K in keyof T]: T[K] extends ValidationResult<infer V> ? V : never } {
  const problems = Object.values(results).flatMap(result =>
    result.success ? [] : result.problems,
  );
  if (problems.length > 0) {
    throw validationError(problems);
  }
  return Object.fromEntries(
    Object.entries(results).map(([key, result]) => [
      key,
      result.success ? result.value : undefined,
    ]),
  ) as { [K in keyof T]: T[K] extends ValidationResult<infer V> ? V : never };
}
