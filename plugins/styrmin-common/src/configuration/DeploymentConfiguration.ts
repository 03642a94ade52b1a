import { z } from 'zod/v4';
import { ComponentOverrides } from './ComponentOverrides';
import { boundedRecord, CONFIGURATION_LIMITS } from './configurationFields';

/**
 * The value of a parameter: its declared type is checked against the driver version.
 *
 * @public
 */
export const ParameterValue = z.union(
  [
    z.string().max(CONFIGURATION_LIMITS.parameterValueLength),
    z.number(),
    z.boolean(),
  ],
  { error: 'Must be text, a number, or true or false' },
);

/** @public */
export type ParameterValue = z.infer<typeof ParameterValue>;

/**
 * The application version a deployment runs. Its form and range are checked against the
 * driver version's `supported_versions`.
 *
 * @public
 */
export const AppVersion = z
  .string()
  .min(1)
  .max(CONFIGURATION_LIMITS.appVersionLength);

/**
 * The user's configuration of a deployment: what a change sets. Names of parameters and
 * components, and each value's type, are checked against the driver version by
 * `validateDeploymentChange`; defaults are not stored here but resolved into the context,
 * so a newer driver version's defaults apply to what the user left unset.
 *
 * @public
 */
export const DeploymentConfiguration = z
  .strictObject({
    app_version: AppVersion.describe(
      "The application version, within the driver version's `supported_versions`; values templates read it as `app.version`.",
    ),
    parameters: boundedRecord(z.string().max(253), ParameterValue, {
      max: CONFIGURATION_LIMITS.parameters,
      what: 'parameters',
    })
      .default({})
      .describe('The parameter values the user set, by parameter name.'),
    components: boundedRecord(z.string().max(253), ComponentOverrides, {
      max: CONFIGURATION_LIMITS.componentOverrides,
      what: 'components with overrides',
    })
      .default({})
      .describe('The component overrides, by component name.'),
  })
  .describe("The user's configuration of a deployment.");

/** @public */
export type DeploymentConfiguration = z.infer<typeof DeploymentConfiguration>;
