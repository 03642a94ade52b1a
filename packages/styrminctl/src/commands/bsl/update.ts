import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { UsageError } from '../../UsageError';
import { bslView } from './bslViews';
import { findBackupStorageLocation } from './findBackupStorageLocation';
import { storeFields, StoreOptions, storeOptions } from './storeOptions';

/**
 * `styrminctl bsl update`: changes a location's store; what is not given stays. The API
 * takes the whole store (what it leaves out becomes unset), so the flags change the one
 * read first, and `--expected-version` (the version read, by default) refuses a change
 * made meanwhile.
 */
export function registerUpdateCommand(
  bsl: Command,
  context: CommandRuntime,
): void {
  storeOptions(
    bsl
      .command('update')
      .description(
        'Change a backup storage location’s store; the agents bring their Velero objects in step',
      )
      .argument('<location>', 'its name or id'),
  )
    .option(
      '--expected-version <n>',
      'refuse (CONFLICT) unless the location is at this version',
      Number,
    )
    .action(
      async (
        ref: string,
        options: StoreOptions & { expectedVersion?: number },
      ) => {
        const fields = storeFields(options);
        if (Object.keys(fields).length === 0) {
          throw new UsageError('Give at least one field to change');
        }
        const client = await context.client();
        const location = await findBackupStorageLocation(client, ref);
        const updated = await client.backupStorageLocations.update({
          id: location.id,
          expectedVersion: options.expectedVersion ?? location.version,
          provider: location.provider,
          bucket: location.bucket,
          prefix: location.prefix,
          region: location.region,
          endpointUrl: location.endpointUrl,
          pathStyle: location.pathStyle,
          credentialsSecret: location.credentialsSecret && {
            name: location.credentialsSecret.name,
            key: location.credentialsSecret.key,
          },
          ...fields,
        });
        context.print(updated, { table: bslView(updated) });
      },
    );
}
