import { Command } from 'commander';
import { CommandRuntime } from '../../../CommandRuntime';
import {
  scheduleCommand,
  scheduleTarget,
  ScheduleTargetOptions,
} from './scheduleTarget';

/** `styrminctl backups schedule remove`: a deployment's or an environment's own schedule goes. */
export function registerRemoveCommand(
  schedule: Command,
  context: CommandRuntime,
): void {
  scheduleCommand(
    schedule,
    'remove',
    'Remove the own backup schedule of a deployment (it then follows its environment’s) or, with --environment, of an environment',
  ).action(async (ref: string | undefined, options: ScheduleTargetOptions) => {
    const client = await context.client();
    const removed = await client.backups.removeSchedule(
      await scheduleTarget(client, ref, options),
    );
    context.print({ removed });
  });
}
