import { z } from 'zod/v4';

/**
 * When an upgrade of a deployment takes a backup first, its restore point: `never`,
 * `always`, or `on_data_migration` (when an action of the target version's upgrade hook
 * declares `migratesData`).
 *
 * @public
 */
export const BackupBeforeUpgrade = z
  .enum(['never', 'always', 'on_data_migration'])
  .describe(
    "When an upgrade of one of the environment's deployments takes a backup first, the new instance's restore point: `never`; `always`; `on_data_migration`: when an action of the upgrade hook of the version it moves to declares `migratesData`.",
  );

/** @public */
export type BackupBeforeUpgrade = z.infer<typeof BackupBeforeUpgrade>;

/**
 * How an environment treats the changes of its deployments, apart from what they deploy:
 * nothing here reaches a context, so changing a setting redeploys nothing.
 *
 * @public
 */
export const EnvironmentSettings = z
  .strictObject({
    backup_before_upgrade: BackupBeforeUpgrade.optional().describe(
      `${BackupBeforeUpgrade.description} \`never\` when absent.`,
    ),
    rollback_on_failed_upgrade: z
      .boolean()
      .optional()
      .describe(
        'Whether an upgrade whose post-hook or operator phases fail rolls the deployment back to the instance before it, with its data when the upgrade took a restore point. No when absent.',
      ),
  })
  .describe(
    "How an environment treats its deployments' upgrades: restore points and automatic rollback.",
  );

/** @public */
export type EnvironmentSettings = z.infer<typeof EnvironmentSettings>;
