import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { registerApplyCommand } from './apply';
import { registerShowCommand } from './show';

/** `styrminctl plans ...`: the plans that `deployments edit|upgrade --plan` print. */
export function registerPlansCommands(
  program: Command,
  context: CommandRuntime,
): void {
  const plans = program
    .command('plans')
    .description(
      'Show and apply the plans of changes (deployments edit|upgrade --plan)',
    );
  registerShowCommand(plans, context);
  registerApplyCommand(plans, context);
}
