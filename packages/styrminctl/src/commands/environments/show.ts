import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { findEnvironment } from '../../records/findRecords';
import { environmentView } from '../../records/views';

/** `styrminctl environments show`: an environment and its overrides. */
export function registerShowCommand(
  environments: Command,
  context: CommandRuntime,
): void {
  environments
    .command('show')
    .description('Show an environment and its overrides')
    .argument('<environment>', 'its name or id')
    .action(async (ref: string) => {
      const environment = await findEnvironment(await context.client(), ref);
      context.print(environment, { table: environmentView(environment) });
    });
}
