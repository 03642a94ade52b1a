import { Argument, Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import {
  CompletionShell,
  completionScript,
  completionShells,
} from './completionScript';

/**
 * `styrminctl completion bash|zsh`: the shell's completion script for every command
 * registered before it, written to stdout.
 */
export function registerCompletionCommand(
  program: Command,
  context: CommandRuntime,
): void {
  program
    .command('completion')
    .description(
      'Print the shell completion script: source <(styrminctl completion bash), or zsh',
    )
    .addArgument(
      new Argument('<shell>', 'bash or zsh').choices(completionShells),
    )
    .action((shell: CompletionShell) => {
      context.writeOut(completionScript(program, shell));
    });
}
