import { Plan } from '@styrmin/sdk';
import { CommandRuntime } from '../../CommandRuntime';
import { planTables } from '../../records/planViews';

/**
 * Prints a plan (the table format: its summary, its context diff as a unified diff, the
 * steps with their hooks' actions, the prompts, the warnings, the other deployments it
 * redeploys), and how to apply it.
 */
export function printPlan(context: CommandRuntime, plan: Plan): void {
  context.print(plan, { tables: planTables(plan) });
  if (!plan.appliedAt) {
    context.notice(
      `Plan ${plan.id}: nothing was changed; apply it with styrminctl plans apply ${plan.id} (until ${plan.expiresAt})`,
    );
  }
}
