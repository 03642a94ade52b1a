import { ValidationResult } from '../validation/ValidationProblem';
import { parseBackupTtl } from './backupTtl';
import { nextCronRun, parseCronExpression } from './cronExpression';

/**
 * When a deployment is backed up on its own: a cron expression (five fields, UTC), the
 * TTL of each backup it takes, and whether it is paused. An environment's schedule
 * applies to each of its deployments that has none of its own.
 *
 * @public
 */
export type BackupSchedule = {
  cron: string;
  ttlSeconds: number;
  paused: boolean;
};

/**
 * Validates a schedule as users write it (`{ cron: '0 3 * * *', ttl: '30d' }`), with the
 * problems under `field`.
 *
 * @public
 */
export function parseBackupSchedule(
  input: { cron: string; ttl: string; paused?: boolean },
  field = 'backupSchedule',
): ValidationResult<BackupSchedule> {
  const cron = parseCronExpression(input.cron);
  const ttlSeconds = parseBackupTtl(input.ttl);
  const problems = [
    ...(cron.success
      ? []
      : [{ field: `${field}.cron`, message: cron.message }]),
    ...(ttlSeconds !== undefined
      ? []
      : [
          {
            field: `${field}.ttl`,
            message: `"${input.ttl}" is not a TTL: write days, hours, minutes and seconds (30d, 720h, 1h30m), more than 0 and at most ten years`,
          },
        ]),
  ].map(problem => ({ code: 'VALIDATION_FAILED' as const, ...problem }));
  if (problems.length > 0) {
    return { success: false, problems };
  }
  return {
    success: true,
    value: {
      cron: input.cron.trim(),
      ttlSeconds: ttlSeconds!,
      paused: input.paused ?? false,
    },
  };
}

/**
 * The schedule that applies to a deployment, and whose it is: the deployment's own when it
 * has one (paused or not: a paused schedule of its own pauses it, whatever its
 * environment says), else its environment's; undefined when neither has one.
 *
 * @public
 */
export function effectiveBackupSchedule(options: {
  deployment?: BackupSchedule;
  environment?: BackupSchedule;
}):
  | { schedule: BackupSchedule; source: 'DEPLOYMENT' | 'ENVIRONMENT' }
  | undefined {
  if (options.deployment) {
    return { schedule: options.deployment, source: 'DEPLOYMENT' };
  }
  if (options.environment) {
    return { schedule: options.environment, source: 'ENVIRONMENT' };
  }
  return undefined;
}

/**
 * The next run of a schedule after `after` (its last run, or when it was set): the slot
 * that the scheduled backup fills. Undefined for a paused schedule, and for one whose
 * expression is not valid or names no time.
 *
 * @public
 */
export function nextScheduledBackup(
  schedule: BackupSchedule,
  after: Date,
): Date | undefined {
  if (schedule.paused) {
    return undefined;
  }
  const cron = parseCronExpression(schedule.cron);
  return cron.success ? nextCronRun(cron.value, after) : undefined;
}
