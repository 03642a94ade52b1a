import { z } from 'zod/v4';
import {
  boundedRecord,
  CONFIGURATION_LIMITS,
  EnvVarName,
  MAX_REPLICAS,
} from './configurationFields';

const EnvText = z.string().max(CONFIGURATION_LIMITS.envVarValueLength);

/**
 * The value of an env var override: text, or `{ secret: text }` for a value that diffs,
 * logs and API answers mask.
 *
 * @public
 */
export const EnvVarValue = z.union(
  [EnvText, z.strictObject({ secret: EnvText })],
  {
    error: 'Must be text, or { secret: text } for a secret value',
  },
);

/** @public */
export type EnvVarValue = z.infer<typeof EnvVarValue>;

const ListEntries = z
  .array(z.string().max(CONFIGURATION_LIMITS.listItemLength))
  .max(CONFIGURATION_LIMITS.listItems);

const REPLICA_RULE = 'A replica override is a whole number of 1 or more';

/**
 * The component overrides of one component of a deployment. Styrmin applies them after
 * the Helm chart renders: env vars, the image override, command and args go to the
 * component container (merged by name for env vars, replacing the whole list for command
 * and args); the replica override goes to the component's Deployments and StatefulSets.
 *
 * @public
 */
export const ComponentOverrides = z
  .strictObject({
    env: boundedRecord(EnvVarName, EnvVarValue, {
      max: CONFIGURATION_LIMITS.envVars,
      what: 'env vars',
    })
      .optional()
      .describe(
        "Env vars by name, merged into the component container's: the chart's other entries stay.",
      ),
    image: z
      .string()
      .max(CONFIGURATION_LIMITS.imageLength)
      .optional()
      .describe(
        'The image override: a full reference (registry, repository, and an explicit tag or digest). A `{{ app.version }}` token in the tag follows the application version.',
      ),
    command: ListEntries.min(1, {
      error: 'A command override runs something: give at least one entry',
    })
      .optional()
      .describe("Replaces the component container's whole command."),
    args: ListEntries.optional().describe(
      "Replaces the component container's whole args list (an empty list removes them).",
    ),
    replicas: z
      .int({ error: REPLICA_RULE })
      .min(1, { error: REPLICA_RULE })
      .max(MAX_REPLICAS, {
        error: `A replica override is at most ${MAX_REPLICAS}`,
      })
      .optional()
      .describe(
        "The replica override, a whole number of 1 or more; above the driver default and the chart's count.",
      ),
  })
  .describe('The overrides of one component of a deployment.');

/** @public */
export type ComponentOverrides = z.infer<typeof ComponentOverrides>;
