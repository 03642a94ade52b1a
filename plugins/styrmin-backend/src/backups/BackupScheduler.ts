import {
  LoggerService,
  SchedulerService,
  SchedulerServiceTaskScheduleDefinition,
} from '@backstage/backend-plugin-api';
import { DeploymentBackups } from './DeploymentBackups';

/**
 * The ids of the scheduled tasks of backups.
 *
 * @internal
 */
export const BACKUP_SCHEDULER_TASKS = {
  schedules: 'styrmin-backup-schedules',
  expiry: 'styrmin-backup-expiry',
} as const;

/** Every minute: the finest a five-field cron expression names. */
const EVERY_MINUTE: SchedulerServiceTaskScheduleDefinition['frequency'] = {
  minutes: 1,
};

/**
 * Runs the backup schedules and the expiry by TTL on Backstage's scheduler, scope global:
 * one replica at a time runs each (and the store's slot rule keeps two from taking the same
 * scheduled backup should they overlap). A failed run is logged; the next one tries again.
 *
 * @internal
 */
export async function scheduleBackupTasks(options: {
  scheduler: SchedulerService;
  backups: DeploymentBackups;
  logger: LoggerService;
}): Promise<void> {
  const { scheduler, backups, logger } = options;
  const tasks = [
    {
      id: BACKUP_SCHEDULER_TASKS.schedules,
      what: 'take the scheduled backups',
      run: () => backups.runSchedules(),
    },
    {
      id: BACKUP_SCHEDULER_TASKS.expiry,
      what: 'delete the expired backups',
      run: () => backups.expireBackups(),
    },
  ];
  for (const task of tasks) {
    await scheduler.scheduleTask({
      id: task.id,
      scope: 'global',
      frequency: EVERY_MINUTE,
      timeout: { minutes: 5 },
      fn: async () => {
        try {
          await task.run();
        } catch (error) {
          logger.error(`Failed to ${task.what}`, error as Error);
        }
      },
    });
  }
}
