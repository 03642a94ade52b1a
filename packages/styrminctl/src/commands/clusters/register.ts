import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { registerCreateCommand } from './create';
import { registerListCommand } from './list';
import { registerRotateTokenCommand } from './rotateToken';
import { registerShowCommand } from './show';
import { registerUpdateCommand } from './update';

/** `styrminctl clusters ...`: the registered clusters. */
export function registerClustersCommands(
  program: Command,
  context: CommandRuntime,
): void {
  const clusters = program
    .command('clusters')
    .description('Register, list, show and update clusters');
  // In the order --help lists them.
  for (const register of [
    registerCreateCommand,
    registerListCommand,
    registerShowCommand,
    registerUpdateCommand,
    registerRotateTokenCommand,
  ]) {
    register(clusters, context);
  }
}
