import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { printPlan } from './printPlan';

/** `styrminctl plans show`: a plan, as `--plan` printed it, and whether it was applied. */
export function registerShowCommand(
  plans: Command,
  context: CommandRuntime,
): void {
  plans
    .command('show')
    .description(
      'Show a plan: its diff, steps, hooks, warnings, and whether it was applied',
    )
    .argument('<id>', 'the plan’s id')
    .action(async (id: string) => {
      const client = await context.client();
      const plan = await client.plans.get(id);
      if (!plan) {
        throw new StyrminError('NOT_FOUND', `Plan ${id} does not exist`);
      }
      printPlan(context, plan);
    });
}
