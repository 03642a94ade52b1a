import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { bslRow } from './bslViews';

/** `styrminctl bsl list`: the backup storage locations, with each cluster's phase. */
export function registerListCommand(
  bsl: Command,
  context: CommandRuntime,
): void {
  bsl
    .command('list')
    .description(
      'List the backup storage locations, by name, with the phase each cluster’s agent observes',
    )
    .action(async () => {
      const client = await context.client();
      const list = await client.backupStorageLocations.list();
      context.print(list, { table: list.map(bslRow) });
    });
}
