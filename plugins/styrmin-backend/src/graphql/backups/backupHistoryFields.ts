import {
  nextScheduledBackup,
  styrminBackupReadPermission,
  styrminBslReadPermission,
  styrminEnvironmentReadPermission,
  veleroTtl,
} from '@styrmin/plugin-styrmin-common';
import { BackupCursor } from '../../backups/BackupStore';
import { withPermission } from '../fieldResolvers';
import { decodeCursor, encodeCursor, pageSize } from '../pagination';
import { StyrminResolvers } from '../types';
import { BackupResolverRecords } from './backupResolverRecords';

function isBackupCursor(value: unknown): value is BackupCursor {
  const cursor = value as BackupCursor;
  return (
    typeof cursor === 'object' &&
    cursor !== null &&
    Number.isFinite(cursor.createdAt) &&
    typeof cursor.id === 'string'
  );
}

/**
 * The backup history and restores of a deployment (a tombstone's too), the schedules of
 * deployments and environments (a deployment's own, else its environment's, inherited),
 * an environment's location, and the `BackupSchedule` type's fields.
 *
 * @internal
 */
export function createBackupHistoryFields(
  records: BackupResolverRecords,
): StyrminResolvers {
  const { backups, restores, clock } = records;
  const read = styrminBackupReadPermission;
  return {
    Deployment: {
      backups: withPermission(read, async (deployment, args, context) => {
        const page = await backups.listBackupPage({
          deploymentId: deployment.id,
          limit: pageSize(args.first),
          after: args.after
            ? decodeCursor(args.after, isBackupCursor)
            : undefined,
        });
        page.backups.forEach(backup =>
          context.loaders.backups.backup.prime(backup.id, backup),
        );
        const last = page.backups.at(-1);
        return {
          nodes: page.backups,
          pageInfo: {
            endCursor: last
              ? encodeCursor({
                  createdAt: last.createdAt.getTime(),
                  id: last.id,
                } satisfies BackupCursor)
              : null,
            hasNextPage: page.hasNextPage,
          },
        };
      }),
      restores: withPermission(
        read,
        async (deployment, args) =>
          (
            await restores.listRestorePage({
              deploymentId: deployment.id,
              limit: pageSize(args.first),
            })
          ).restores,
      ),
      backupSchedule: withPermission(
        read,
        async (deployment, _args, context) => {
          const { deploymentSchedule, environmentSchedule } =
            context.loaders.backups;
          const own = await deploymentSchedule.load(deployment.id);
          if (own) {
            return { schedule: own, inherited: false };
          }
          const inherited = await environmentSchedule.load(
            deployment.environmentId,
          );
          return inherited ? { schedule: inherited, inherited: true } : null;
        },
      ),
    },
    Environment: {
      backupSchedule: withPermission(
        styrminEnvironmentReadPermission,
        async (environment, _args, context) => {
          const schedule =
            await context.loaders.backups.environmentSchedule.load(
              environment.id,
            );
          return schedule ? { schedule, inherited: false } : null;
        },
      ),
      storageLocation: withPermission(
        styrminBslReadPermission,
        (environment, _args, context) =>
          environment.backupStorageLocation
            ? context.loaders.backups.locationByName.load(
                environment.backupStorageLocation,
              )
            : null,
      ),
    },
    BackupSchedule: {
      cron: view => view.schedule.cron,
      ttl: view => veleroTtl(view.schedule.ttlSeconds),
      paused: view => view.schedule.paused,
      nextRunAt: view =>
        nextScheduledBackup(view.schedule, clock.now())?.toISOString(),
    },
  };
}
