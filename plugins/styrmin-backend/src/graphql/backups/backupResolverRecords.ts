import { Clock } from '../../database/Clock';
import { DeploymentBackups } from '../../backups/DeploymentBackups';
import { BackupLoaderStores } from './backupLoaders';

/**
 * What the resolvers of backups read and call: the stores of backups, the service that
 * records backups, restores and deletions, and the clock that says whether a backup has
 * expired and when a schedule runs next.
 *
 * @internal
 */
export type BackupResolverRecords = BackupLoaderStores & {
  deploymentBackups: DeploymentBackups;
  clock: Clock;
};
