import { Command } from 'commander';
import { CommandRuntime } from '../../../CommandRuntime';
import {
  scheduleCommand,
  scheduleTarget,
  ScheduleTargetOptions,
} from './scheduleTarget';

/**
 * `styrminctl backups schedule show`: the schedule that applies to a deployment (its own or
 * its environment's, `inherited` says which) or an environment's, with its next run.
 */
export function registerShowCommand(
  schedule: Command,
  context: CommandRuntime,
): void {
  scheduleCommand(
    schedule,
    'show',
    'Show the backup schedule that applies to a deployment (its own or its environment’s) or, with --environment, an environment’s',
  ).action(async (ref: string | undefined, options: ScheduleTargetOptions) => {
    const client = await context.client();
    const effective = await client.backups.schedule(
      await scheduleTarget(client, ref, options),
    );
    context.print(effective, { table: effective ?? { schedule: 'none' } });
  });
}
