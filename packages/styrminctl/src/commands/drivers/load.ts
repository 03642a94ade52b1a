import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { loadDriverReading } from './loadDriverReading';
import { loadSummary } from './summaries';

/** `styrminctl drivers load`: a driver version from a directory or a git URL. */
export function registerLoadCommand(
  drivers: Command,
  context: CommandRuntime,
): void {
  drivers
    .command('load')
    .description(
      'Load a driver version from a local directory (read and validated here, its files sent) or a git URL (cloned by the server)',
    )
    .argument('<dir|git-url>', 'a driver directory, or a git repository URL')
    .option(
      '--ref <ref>',
      'git: the branch, tag or commit (default: the default branch)',
    )
    .option(
      '--path <path>',
      'the driver directory inside the repository or directory',
    )
    .action(
      async (target: string, options: { ref?: string; path?: string }) => {
        const { driverLoadInput } = loadDriverReading();
        const input = await driverLoadInput({ target, ...options });
        const client = await context.client();
        const result = await client.loadDriver(input);
        context.print(result, { table: loadSummary(result) });
      },
    );
}
