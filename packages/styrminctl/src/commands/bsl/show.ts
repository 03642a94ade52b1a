import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { bslClusterRows, bslView } from './bslViews';
import { findBackupStorageLocation } from './findBackupStorageLocation';

/** `styrminctl bsl show`: a location's store and what each cluster observes of it. */
export function registerShowCommand(
  bsl: Command,
  context: CommandRuntime,
): void {
  bsl
    .command('show')
    .description(
      'Show a backup storage location: its store, the Secret of its credentials, and each cluster’s phase, message and last validation',
    )
    .argument('<location>', 'its name or id')
    .action(async (ref: string) => {
      const client = await context.client();
      const location = await findBackupStorageLocation(client, ref);
      const clusters = bslClusterRows(location);
      context.print(location, {
        tables: [bslView(location), ...(clusters.length > 0 ? [clusters] : [])],
      });
    });
}
