import { Command } from 'commander';
import { CommandRuntime } from '../../../CommandRuntime';
import { registerRemoveCommand } from './remove';
import { registerSetCommand } from './set';
import { registerShowCommand } from './show';

/** `styrminctl backups schedule ...`: the backup schedules of deployments and environments. */
export function registerScheduleCommands(
  backups: Command,
  context: CommandRuntime,
): void {
  const schedule = backups
    .command('schedule')
    .description(
      'Show, set or remove the backup schedule of a deployment or an environment',
    );
  // In the order --help lists them.
  for (const register of [
    registerShowCommand,
    registerSetCommand,
    registerRemoveCommand,
  ]) {
    register(schedule, context);
  }
}
