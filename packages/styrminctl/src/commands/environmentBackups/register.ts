import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { registerDeleteCommand } from './delete';
import { registerListCommand } from './list';
import { registerShowCommand } from './show';

/**
 * `styrminctl environment-backups ...`: the environment backups, which
 * `environments backup` takes.
 */
export function registerEnvironmentBackupsCommands(
  program: Command,
  context: CommandRuntime,
): void {
  const environmentBackups = program
    .command('environment-backups')
    .description(
      'List, show and delete environment backups (take one with environments backup)',
    );
  // In the order --help lists them.
  for (const register of [
    registerListCommand,
    registerShowCommand,
    registerDeleteCommand,
  ]) {
    register(environmentBackups, context);
  }
}
