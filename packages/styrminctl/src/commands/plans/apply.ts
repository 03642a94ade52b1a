import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { followChange, WaitOptions } from '../../tasks/followChange';
import { waitOptions } from '../deployments/options';

/** `styrminctl plans apply`: the planned change, made now, if nothing it read changed. */
export function registerApplyCommand(
  plans: Command,
  context: CommandRuntime,
): void {
  waitOptions(
    plans
      .command('apply')
      .description(
        'Apply a plan by its id: its change, made now; refused (CONFLICT, naming what) when what it was computed from changed, when it was applied already or expired',
      )
      .argument('<id>', 'the plan’s id'),
  ).action(async (id: string, options: WaitOptions) => {
    const client = await context.client();
    const result = await client.plans.apply(id);
    await followChange(context, client, result, options);
  });
}
