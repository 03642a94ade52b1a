import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { yesOption } from '../confirmation';
import { findBackupStorageLocation } from './findBackupStorageLocation';

/** `styrminctl bsl delete`: a location that no environment uses and no backup is in. */
export function registerDeleteCommand(
  bsl: Command,
  context: CommandRuntime,
): void {
  yesOption(
    bsl
      .command('delete')
      .description(
        'Delete a backup storage location that no environment uses and no backup is in',
      )
      .argument('<location>', 'its name or id'),
  ).action(async (ref: string, options: { yes?: boolean }) => {
    const client = await context.client();
    const location = await findBackupStorageLocation(client, ref);
    await context.confirm(
      `Delete backup storage location ${location.name}? Its store and the data in it stay.`,
      options,
    );
    const deleted = await client.backupStorageLocations.delete(location.id);
    context.print(deleted, { table: { name: deleted.name, deleted: true } });
  });
}
