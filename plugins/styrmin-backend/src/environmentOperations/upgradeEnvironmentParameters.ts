import { z } from 'zod/v4';
import { FlowRun } from '../flows/FlowRunStore';

const UpgradeEnvironmentParametersSchema = z.object({
  environmentId: z.string(),
  /** Whether its first step takes an environment backup. */
  backupFirst: z.boolean(),
  /** With backupFirst: the id of the environment backup it takes, chosen first. */
  environmentBackupId: z.string().optional(),
  allowDowngrade: z.boolean(),
  /** The plan decided when its task was recorded: one step each, in this order. */
  upgrades: z.array(
    z.object({
      deploymentId: z.string(),
      deploymentName: z.string(),
      fromVersion: z.string(),
      toVersion: z.string(),
    }),
  ),
});

/**
 * What an UPGRADE_ENVIRONMENT run's parameters hold: the environment and its plan, as
 * decided when the task was recorded.
 *
 * @internal
 */
export type UpgradeEnvironmentParameters = z.infer<
  typeof UpgradeEnvironmentParametersSchema
>;

/** @internal */
export function upgradeEnvironmentParametersOf(
  run: FlowRun,
): UpgradeEnvironmentParameters {
  const parsed = UpgradeEnvironmentParametersSchema.safeParse(run.parameters);
  if (!parsed.success) {
    throw new Error(
      `Flow run ${run.id} does not hold the parameters of an environment upgrade`,
    );
  }
  return parsed.data;
}
