import { Command } from 'commander';

/** `--yes`: a deletion goes ahead without asking, as on a terminal it otherwise asks. */
export function yesOption(command: Command): Command {
  return command.option(
    '-y, --yes',
    'do not ask for confirmation on a terminal (off a terminal styrminctl never asks)',
  );
}
