import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { registerBackupCommand } from './backup';
import { registerCloneCommand } from './clone';
import { registerCreateCommand } from './create';
import { registerDeleteCommand } from './delete';
import { registerListCommand } from './list';
import { registerRestoreCommand } from './restore';
import { registerShowCommand } from './show';
import { registerUpgradeCommand } from './upgrade';
import { registerUpdateCommand } from './update';

/** `styrminctl environments ...`: the environments of the clusters. */
export function registerEnvironmentsCommands(
  program: Command,
  context: CommandRuntime,
): void {
  const environments = program
    .command('environments')
    .description(
      'Create, list, show, update and delete environments; back one up, restore it, clone it, upgrade its deployments',
    );
  // In the order --help lists them.
  for (const register of [
    registerCreateCommand,
    registerListCommand,
    registerShowCommand,
    registerUpdateCommand,
    registerDeleteCommand,
    registerBackupCommand,
    registerRestoreCommand,
    registerCloneCommand,
    registerUpgradeCommand,
  ]) {
    register(environments, context);
  }
}
