import { Command } from 'commander';
import { waitOptions } from '../deployments/options';
import { yesOption } from '../confirmation';

/** What a command of {@link backupCommand} parses besides the backup's id. */
export type BackupCommandOptions = {
  yes?: boolean;
  wait?: boolean;
  timeout?: number;
};

/**
 * A verb that acts on one backup after asking (`delete`, `restore`): `<id>`, `--yes`, and
 * `--wait` with its `--timeout`.
 */
export function backupCommand(
  backups: Command,
  verb: string,
  description: string,
): Command {
  return yesOption(
    waitOptions(
      backups
        .command(verb)
        .description(description)
        .argument('<id>', 'the backup’s id'),
    ),
  );
}
