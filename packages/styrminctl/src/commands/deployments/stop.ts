import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { registerComponentsCommand } from './componentsCommand';

/** `styrminctl deployments stop`: components at 0 pods, their replica overrides kept. */
export function registerStopCommand(
  deployments: Command,
  context: CommandRuntime,
): void {
  registerComponentsCommand(
    deployments,
    context,
    'stop',
    'Stop components of a deployment: each runs 0 pods and keeps its replica override',
  );
}
