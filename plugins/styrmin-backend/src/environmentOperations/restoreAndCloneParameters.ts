import { z } from 'zod/v4';
import { FlowRun } from '../flows/FlowRunStore';

const RestoreEnvironmentParametersSchema = z.object({
  environmentBackupId: z.string(),
  /** The constituents the plan restores, by name: one step each. */
  restores: z.array(
    z.object({ deploymentId: z.string(), deploymentName: z.string() }),
  ),
  /** Those the plan refused when the restore was started, by name. */
  unrestorable: z.array(
    z.object({
      deploymentName: z.string(),
      reason: z.enum([
        'DEPLOYMENT_DELETED',
        'CONSTITUENT_GONE',
        'CONSTITUENT_FAILED',
        'DEPLOYMENT_BUSY',
        'RESTORE_FAILED',
      ]),
      message: z.string(),
    }),
  ),
});

/**
 * What a RESTORE_ENVIRONMENT run's parameters hold: the environment backup, and the plan
 * decided when its task was recorded. No secret: the declared states are read from the
 * environment backup's record.
 *
 * @internal
 */
export type RestoreEnvironmentParameters = z.infer<
  typeof RestoreEnvironmentParametersSchema
>;

const CloneEnvironmentParametersSchema = z.object({
  sourceEnvironmentId: z.string(),
  /** The new environment, recorded with the task. */
  environmentId: z.string(),
  /** The environment backup it clones from: named, or the one it takes (its id chosen first). */
  environmentBackupId: z.string(),
  /** Whether the flow takes the environment backup (its first step). */
  takesBackup: z.boolean(),
  /**
   * The deployments it creates, by name, their ids chosen when the task was recorded: a
   * step that runs again finds them and creates none twice.
   */
  deployments: z.array(
    z.object({ name: z.string(), deploymentId: z.string() }),
  ),
});

/**
 * What a CLONE_ENVIRONMENT run's parameters hold. No secret: the declared states are read
 * from the environment backup's record.
 *
 * @internal
 */
export type CloneEnvironmentParameters = z.infer<
  typeof CloneEnvironmentParametersSchema
>;

function parametersOf<T>(schema: z.ZodType<T>, run: FlowRun, what: string): T {
  const parsed = schema.safeParse(run.parameters);
  if (!parsed.success) {
    throw new Error(
      `Flow run ${run.id} does not hold the parameters of ${what}`,
    );
  }
  return parsed.data;
}

/** @internal */
export const restoreEnvironmentParametersOf = (run: FlowRun) =>
  parametersOf(
    RestoreEnvironmentParametersSchema,
    run,
    'an environment restore',
  );

/** @internal */
export const cloneEnvironmentParametersOf = (run: FlowRun) =>
  parametersOf(CloneEnvironmentParametersSchema, run, 'an environment clone');

/**
 * Whether a step name is one that `build` makes (a step the task plans one per
 * deployment), whatever the deployment's name.
 *
 * @internal
 */
export function plannedStepMatcher(
  build: (options: { deploymentName: string }) => string,
): (stepName: string) => boolean {
  const [before, after] = build({ deploymentName: '\u0000' }).split('\u0000');
  return stepName =>
    stepName.length > before.length + after.length &&
    stepName.startsWith(before) &&
    stepName.endsWith(after);
}
