import { Command } from 'commander';
import { CommandRuntime } from '../../../CommandRuntime';
import {
  scheduleCommand,
  scheduleTarget,
  ScheduleTargetOptions,
} from './scheduleTarget';

/** `styrminctl backups schedule set`: a deployment's or an environment's own schedule. */
export function registerSetCommand(
  schedule: Command,
  context: CommandRuntime,
): void {
  scheduleCommand(
    schedule,
    'set',
    'Set the backup schedule of a deployment or, with --environment, of an environment',
  )
    .requiredOption(
      '--cron <expression>',
      'when backups are taken: five fields, UTC (minute hour day-of-month month day-of-week), or @hourly, @daily, ...',
    )
    .option(
      '--ttl <duration>',
      'how long each backup is kept (30d, 720h, 1h30m); 30d by default',
    )
    .option('--paused', 'keep the schedule but take no backups until set again')
    .action(
      async (
        ref: string | undefined,
        options: ScheduleTargetOptions & {
          cron: string;
          ttl?: string;
          paused?: boolean;
        },
      ) => {
        const client = await context.client();
        const effective = await client.backups.setSchedule({
          ...(await scheduleTarget(client, ref, options)),
          cron: options.cron,
          ttl: options.ttl,
          paused: options.paused ?? false,
        });
        context.print(effective);
      },
    );
}
