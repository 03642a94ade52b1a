import {
  formatStyrminProblem,
  StyrminError,
} from '@styrmin/plugin-styrmin-common';
import { StyrminApiError } from '@styrmin/sdk';
import { Command, CommanderError, Option } from 'commander';
import { version } from '../package.json';
import { CliIo } from './CliIo';
import { CommandRuntime, GlobalOptions } from './CommandRuntime';
import { registerBackupsCommands } from './commands/backups/register';
import { registerBslCommands } from './commands/bsl/register';
import { registerEnvironmentBackupsCommands } from './commands/environmentBackups/register';
import { registerCompletionCommand } from './commands/completion/register';
import { registerClustersCommands } from './commands/clusters/register';
import { registerDeploymentsCommands } from './commands/deployments/register';
import { registerDriversCommands } from './commands/drivers/register';
import { registerEnvironmentsCommands } from './commands/environments/register';
import { registerServerCommands } from './commands/server/register';
import { registerTasksCommands } from './commands/tasks/register';
import { registerPlansCommands } from './commands/plans/register';
import { outputFormats } from './output';
import { UsageError } from './UsageError';

/** The exit codes of styrminctl, as the README documents them. */
const ExitCode = {
  success: 0,
  /** The Styrmin API refused or failed the request, or a driver has problems. */
  apiError: 1,
  /** styrminctl was called or configured wrongly. */
  usageError: 2,
} as const;

/**
 * Runs styrminctl with the arguments after the program name and returns the exit code.
 * Nothing here touches `process`, so tests run it in-process.
 */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const program = createProgram(io);
  // `--version` is also an option of `drivers show`, so the program's own long form is
  // taken as the first argument only; anywhere else the program would swallow it.
  const args = argv[0] === '--version' ? ['-V', ...argv.slice(1)] : argv;
  try {
    await program.parseAsync(args, { from: 'user' });
    return ExitCode.success;
  } catch (error) {
    return report(error, io);
  }
}

function createProgram(io: CliIo): Command {
  // Set before the commands are added, which inherit them: commander throws instead of
  // exiting, and writes to the given streams.
  const program = new Command('styrminctl')
    .exitOverride()
    .configureOutput({
      writeOut: text => io.stdout.write(text),
      writeErr: text => io.stderr.write(text),
    })
    .showHelpAfterError('(add --help for usage)');

  // No option shows a default taken from the environment, so --help never prints a token.
  program
    .description('The Styrmin command line for admins')
    .version(
      version,
      '-V',
      'output the version number (also --version, before any command)',
    )
    .option(
      '--url <url>',
      'base URL of the Backstage backend, for example http://localhost:7007 (env: STYRMIN_URL)',
    )
    .option(
      '--token <token>',
      'Backstage token sent as "Authorization: Bearer <token>" (env: STYRMIN_TOKEN)',
    )
    .option(
      '--config <file>',
      'config file (env: STYRMIN_CONFIG; default: $XDG_CONFIG_HOME/styrmin/config.yaml or ~/.config/styrmin/config.yaml)',
    )
    .addOption(
      new Option('-o, --output <format>', 'output format')
        .choices(outputFormats)
        .default('table'),
    );

  const context = CommandRuntime.create({
    io,
    globalOptions: () => program.opts<GlobalOptions>(),
  });
  registerServerCommands(program, context);
  registerDriversCommands(program, context);
  registerClustersCommands(program, context);
  registerEnvironmentsCommands(program, context);
  registerDeploymentsCommands(program, context);
  registerTasksCommands(program, context);
  registerPlansCommands(program, context);
  registerBackupsCommands(program, context);
  registerBslCommands(program, context);
  registerEnvironmentBackupsCommands(program, context);
  // Last: its scripts complete every command registered before it.
  registerCompletionCommand(program, context);
  return program;
}

function report(error: unknown, io: CliIo): number {
  if (error instanceof CommanderError) {
    // Commander has already written its message or the help.
    return error.exitCode === 0 ? ExitCode.success : ExitCode.usageError;
  }
  if (error instanceof UsageError) {
    io.stderr.write(`Error: ${error.message}\n`);
    return ExitCode.usageError;
  }
  // The server's refusals, and styrminctl's own checks of what it would send.
  if (error instanceof StyrminApiError || error instanceof StyrminError) {
    io.stderr.write(`Error [${error.code}]: ${error.message}\n`);
    // A change's problems each carry their own code (SINGLETON_REPLICA_OVERRIDE beside
    // VALIDATION_FAILED); a driver's carry none, and print as compilers print theirs.
    for (const problem of error.problems ?? []) {
      const code = problem.code ? `[${problem.code}] ` : '';
      io.stderr.write(`${code}${formatStyrminProblem(problem)}\n`);
    }
    return ExitCode.apiError;
  }
  // An unexpected failure is no usage error: report it like a failed request.
  io.stderr.write(`Error: ${error instanceof Error ? error.message : error}\n`);
  return ExitCode.apiError;
}
