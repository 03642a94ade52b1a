import { LoggerService } from '@backstage/backend-plugin-api';
import { ConflictError, isError } from '@backstage/errors';
import {
  BackupSchedule,
  effectiveBackupSchedule,
  nextScheduledBackup,
  StyrminError,
} from '@styrmin/plugin-styrmin-common';
import { Deployment } from '../../deployments/DeploymentStore';
import { BackupScheduleRecord } from '../BackupScheduleStore';
import {
  BACKUP_SCHEDULER_SUBJECT,
  DeploymentBackupsDeps,
} from '../DeploymentBackupsDeps';
import { createBackup } from './createBackup';

/** How many slots one look goes through, so that a minutely schedule after a long pause ends. */
const MAX_SLOTS = 100_000;

/**
 * The slot that a schedule owes a backup for now: the newest of its slots after `after`
 * that has come (a schedule that was not run for a while catches up with one backup, not
 * one per missed slot); undefined when none has come, or while it is paused.
 *
 * @internal
 */
export function dueSlot(
  schedule: BackupSchedule,
  after: Date,
  now: Date,
): Date | undefined {
  let due: Date | undefined;
  let next = nextScheduledBackup(schedule, after);
  for (let i = 0; next && next <= now && i < MAX_SLOTS; i++) {
    due = next;
    next = nextScheduledBackup(schedule, next);
  }
  return due;
}

/**
 * Takes the scheduled backups that are due: for each deployment (not deleted) with an
 * effective schedule (its own, else its environment's) that is not paused, a backup for
 * the newest slot that has come since its last scheduled backup (or since the schedule was
 * set, or the deployment created). The store's slot rule lets two replicas that find the
 * same slot start one backup between them; a deployment that cannot be backed up now
 * (deploying, no location) is tried again at the next run. Answers the backups it took.
 *
 * @internal
 */
export async function runBackupSchedules(
  deps: DeploymentBackupsDeps & { logger: LoggerService },
): Promise<number> {
  const now = deps.clock.now();
  const environments = await deps.environments.listEnvironments();
  const deployments = await deps.deployments.listDeploymentsOfEnvironments({
    environmentIds: environments.map(e => e.id),
  });
  if (deployments.length === 0) {
    return 0;
  }
  const schedules = await deps.backupSchedules.getBackupSchedules({
    environmentIds: environments.map(e => e.id),
    deploymentIds: deployments.map(d => d.id),
  });
  const lastSlots = await deps.backups.lastScheduledSlots({
    deploymentIds: deployments.map(d => d.id),
  });
  let taken = 0;
  for (const deployment of deployments) {
    const schedule = scheduleOf(deployment, schedules);
    if (!schedule) {
      continue;
    }
    const after =
      lastSlots.get(deployment.id) ??
      new Date(
        Math.max(schedule.updatedAt.getTime(), deployment.createdAt.getTime()),
      );
    const slot = dueSlot(schedule, after, now);
    if (!slot) {
      continue;
    }
    try {
      await createBackup(deps, {
        deploymentId: deployment.id,
        ttlSeconds: schedule.ttlSeconds,
        trigger: 'SCHEDULE',
        scheduledFor: slot,
        createdBy: BACKUP_SCHEDULER_SUBJECT,
      });
      taken += 1;
    } catch (error) {
      if (!(error instanceof ConflictError || error instanceof StyrminError)) {
        throw error;
      }
      deps.logger.info(
        `The scheduled backup of ${
          deployment.name
        } for ${slot.toISOString()} is not taken: ${
          isError(error) ? error.message : error
        }`,
      );
    }
  }
  return taken;
}

/** The schedule record that applies to a deployment. */
function scheduleOf(
  deployment: Deployment,
  schedules: BackupScheduleRecord[],
): BackupScheduleRecord | undefined {
  const own = schedules.find(s => s.deploymentId === deployment.id);
  const inherited = schedules.find(
    s => s.environmentId === deployment.environmentId,
  );
  const effective = effectiveBackupSchedule({
    deployment: own,
    environment: inherited,
  });
  return effective?.source === 'DEPLOYMENT' ? own : effective && inherited;
}
