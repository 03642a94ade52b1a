import { EnvironmentBackups } from '../../environmentOperations/EnvironmentBackups';

/**
 * What the resolvers of environment backups call.
 *
 * @internal
 */
export type EnvironmentBackupResolverRecords = {
  environmentBackupService: EnvironmentBackups;
};
