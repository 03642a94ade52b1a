import { InputError } from '@backstage/errors';
import {
  parseBackupTtl,
  StyrminError,
  styrminBackupCreatePermission,
  styrminBackupDeletePermission,
  styrminBackupRestorePermission,
  styrminBackupScheduleUpdatePermission,
  styrminEnvironmentUpdatePermission,
} from '@styrmin/plugin-styrmin-common';
import { BackupScheduleOwner } from '../../backups/BackupScheduleStore';
import { requirePermission } from '../../permissions/requirePermission';
import { callerRef } from '../callerRef';
import { withPermission } from '../fieldResolvers';
import { StyrminGraphQLContext, StyrminResolvers } from '../types';
import { BackupResolverRecords } from './backupResolverRecords';

/**
 * The mutations of backups: `createBackup`, `deleteBackup`, `restoreBackup` (each records
 * a task through `DeploymentBackups`), `setBackupSchedule` and `removeBackupSchedule`.
 *
 * @internal
 */
export function createBackupMutations(
  records: BackupResolverRecords,
): StyrminResolvers {
  const { deploymentBackups } = records;
  return {
    Mutation: {
      createBackup: withPermission(
        styrminBackupCreatePermission,
        (_parent, { input }, context) =>
          deploymentBackups.createBackup({
            deploymentId: input.deployment,
            ttlSeconds: input.ttl ? ttlOf(input.ttl) : undefined,
            trigger: 'ON_DEMAND',
            createdBy: callerRef(context.credentials),
          }),
      ),
      deleteBackup: withPermission(
        styrminBackupDeletePermission,
        (_parent, { input }, context) =>
          deploymentBackups.deleteBackup({
            backupId: input.id,
            createdBy: callerRef(context.credentials),
          }),
      ),
      restoreBackup: withPermission(
        styrminBackupRestorePermission,
        (_parent, { input }, context) =>
          deploymentBackups.restoreBackup({
            backupId: input.backup,
            createdBy: callerRef(context.credentials),
          }),
      ),
      setBackupSchedule: async (_parent, { input }, context) => {
        const owner = await scheduleOwner(input, context);
        const schedule = await deploymentBackups.setBackupSchedule({
          owner,
          cron: input.cron,
          ttl: input.ttl ?? undefined,
          paused: input.paused ?? undefined,
          updatedBy: callerRef(context.credentials),
        });
        return { schedule, inherited: false };
      },
      removeBackupSchedule: async (_parent, { input }, context) =>
        deploymentBackups.removeBackupSchedule({
          owner: await scheduleOwner(input, context),
        }),
    },
  };
}

/**
 * A TTL as users write it, or VALIDATION_FAILED on `ttl`.
 *
 * @internal
 */
export function ttlOf(text: string): number {
  const seconds = parseBackupTtl(text);
  if (seconds === undefined) {
    throw new StyrminError(
      'VALIDATION_FAILED',
      `"${text}" is not a TTL: write days, hours, minutes and seconds (30d, 720h, 1h30m), more than 0 and at most ten years`,
      { field: 'ttl' },
    );
  }
  return seconds;
}

/**
 * Whose schedule an input names (exactly one of deployment and environment), after the
 * permission that changing it needs: styrmin.backup.schedule for a deployment's,
 * styrmin.environment.update for an environment's.
 */
async function scheduleOwner(
  input: { deployment?: string | null; environment?: string | null },
  context: StyrminGraphQLContext,
): Promise<BackupScheduleOwner> {
  const { deployment, environment } = input;
  if (Boolean(deployment) === Boolean(environment)) {
    throw new InputError(
      'Name the deployment or the environment whose schedule it is: one of them',
    );
  }
  await requirePermission({
    permissions: context.permissions,
    credentials: context.credentials,
    permission: deployment
      ? styrminBackupScheduleUpdatePermission
      : styrminEnvironmentUpdatePermission,
  });
  return deployment
    ? { deploymentId: deployment }
    : { environmentId: environment! };
}
