import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { registerComponentsCommand } from './componentsCommand';

/** `styrminctl deployments start`: stopped components back at their replica count. */
export function registerStartCommand(
  deployments: Command,
  context: CommandRuntime,
): void {
  registerComponentsCommand(
    deployments,
    context,
    'start',
    'Start stopped components again, with their replica count (override, driver default, chart)',
  );
}
