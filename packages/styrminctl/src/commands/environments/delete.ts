import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { findEnvironment } from '../../records/findRecords';
import { yesOption } from '../confirmation';

/** `styrminctl environments delete`: an environment without deployments. */
export function registerDeleteCommand(
  environments: Command,
  context: CommandRuntime,
): void {
  yesOption(
    environments
      .command('delete')
      .description('Delete an environment that has no deployments left')
      .argument('<environment>', 'its name or id')
      .option(
        '--expected-version <n>',
        'refuse unless the environment is at this version',
        Number,
      ),
  ).action(
    async (
      ref: string,
      options: { expectedVersion?: number; yes?: boolean },
    ) => {
      const client = await context.client();
      const environment = await findEnvironment(client, ref);
      await context.confirm(`Delete environment ${environment.name}?`, options);
      const deleted = await client.deleteEnvironment({
        id: environment.id,
        expectedVersion: options.expectedVersion,
      });
      context.print(deleted, {
        table: { name: deleted.name, deletedAt: deleted.deletedAt },
      });
    },
  );
}
