import { ClusterSettings } from '../configuration/ClusterSettings';
import { EnvironmentOverrides } from '../configuration/EnvironmentOverrides';
import { EnvironmentSettings } from '../configuration/EnvironmentSettings';
import { ValidationResult } from './ValidationProblem';
import { parseWithSchema } from './schemaProblems';

/**
 * Validates the settings of a cluster as a user sends them (when registering or updating
 * it), with every problem found.
 *
 * @public
 */
export function parseClusterSettings(
  input: unknown,
): ValidationResult<ClusterSettings> {
  return parseWithSchema(ClusterSettings, input);
}

/**
 * Validates the overrides of an environment as a user sends them, with every problem
 * found.
 *
 * @public
 */
export function parseEnvironmentOverrides(
  input: unknown,
): ValidationResult<EnvironmentOverrides> {
  return parseWithSchema(EnvironmentOverrides, input);
}

/**
 * Validates the settings of an environment as a user sends them, with every problem found.
 *
 * @public
 */
export function parseEnvironmentSettings(
  input: unknown,
): ValidationResult<EnvironmentSettings> {
  return parseWithSchema(EnvironmentSettings, input);
}
