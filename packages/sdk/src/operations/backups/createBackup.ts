import { StyrminOperation } from '../StyrminOperation';
import { CreateBackupInput as GeneratedCreateBackupInput } from '../generated/operationTypes';
import { Backup, backupFragment } from './backupFields';

/**
 * What `StyrminClient.createBackup()` takes.
 *
 * @public
 */
export type CreateBackupInput = GeneratedCreateBackupInput;

/** The `createBackup` mutation: a backup of a deployment now, by its create_backup task. */
export const createBackupOperation: StyrminOperation<
  { createBackup: Backup },
  Backup
> = {
  operationName: 'CreateBackup',
  document: /* GraphQL */ `
    mutation CreateBackup($input: CreateBackupInput!) {
      createBackup(input: $input) {
        ...BackupFields
      }
    }
    ${backupFragment}
  `,
  result: data => data.createBackup,
};
