import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { registerCreateCommand } from './create';
import { registerDeleteCommand } from './delete';
import { registerDiffCommand } from './diff';
import { registerEditCommand } from './edit';
import { registerListCommand } from './list';
import { registerRestartCommand } from './restart';
import { registerRollbackCommand } from './rollback';
import { registerRunJobCommand } from './runJob';
import { registerShowCommand } from './show';
import { registerStartCommand } from './start';
import { registerStopCommand } from './stop';
import { registerTimelineCommand } from './timeline';
import { registerUpgradeCommand } from './upgrade';

/** `styrminctl deployments ...`: the deployments, their instances and diffs. */
export function registerDeploymentsCommands(
  program: Command,
  context: CommandRuntime,
): void {
  const deployments = program
    .command('deployments')
    .description(
      'Create, list, show, edit, upgrade, roll back and delete deployments; stop, start and restart components, run jobs; their timeline and diffs',
    );
  // In the order --help lists them.
  for (const register of [
    registerCreateCommand,
    registerListCommand,
    registerShowCommand,
    registerEditCommand,
    registerUpgradeCommand,
    registerRollbackCommand,
    registerDeleteCommand,
    registerStopCommand,
    registerStartCommand,
    registerRestartCommand,
    registerRunJobCommand,
    registerTimelineCommand,
    registerDiffCommand,
  ]) {
    register(deployments, context);
  }
}
