import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { bslView } from './bslViews';
import { storeFields, StoreOptions, storeOptions } from './storeOptions';

/** `styrminctl bsl create`: registers an S3-compatible store as a location. */
export function registerCreateCommand(
  bsl: Command,
  context: CommandRuntime,
): void {
  storeOptions(
    bsl
      .command('create')
      .description(
        'Register a backup storage location: an S3-compatible store, its credentials named by a Secret',
      )
      .argument('<name>', 'the location’s name, which environments name'),
  ).action(async (name: string, options: StoreOptions) => {
    const client = await context.client();
    const location = await client.backupStorageLocations.create({
      name,
      provider: 'S3',
      ...storeFields(options),
    });
    context.print(location, { table: bslView(location) });
  });
}
