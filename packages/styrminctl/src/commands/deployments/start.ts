import { Command } from 'commander';
import { CommandContext } from '../../CommandContext';
import { registerComponentsCommand } from './componentsCommand';

/** `styrminctl deployments start`: stopped components back at their replica count. */
export function registerStartCommand(
  deployments: Command,
  context: CommandContext,
): void {
  registerComponentsCommand(
    deployments,
    context,
    'start',
    'Start stopped components again, with their replica count (override, driver default, chart)',
  );
}
