import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { findDeployment } from '../../records/findRecords';
import { deploymentArgument } from '../deployments/options';
import { backupRow } from './backupViews';

/** How many backups `backups list` shows by default. */
const DEFAULT_LIST_SIZE = 20;

/** `styrminctl backups list`: a deployment's backup history, newest first. */
export function registerListCommand(
  backups: Command,
  context: CommandRuntime,
): void {
  deploymentArgument(
    backups
      .command('list')
      .description(
        "List a deployment's backups, of every instance it has had, newest first",
      ),
  )
    .option('--first <n>', 'how many (1 to 100)', Number, DEFAULT_LIST_SIZE)
    .action(async (ref: string, options: { first: number }) => {
      const client = await context.client();
      const deployment = await findDeployment(client, ref);
      const page = await client.backups.list({
        id: deployment.id,
        first: options.first,
      });
      const list = page?.nodes ?? [];
      context.print(list, { table: list.map(backupRow) });
    });
}
