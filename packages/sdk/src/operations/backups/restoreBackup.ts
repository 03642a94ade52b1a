import { StyrminOperation } from '../StyrminOperation';
import { Restore, restoreFragment } from './backupFields';

/** The `restoreBackup` mutation: an in-place restore into the deployment the backup was taken of. */
export const restoreBackupOperation: StyrminOperation<
  { restoreBackup: Restore },
  Restore
> = {
  operationName: 'RestoreBackup',
  document: /* GraphQL */ `
    mutation RestoreBackup($input: RestoreBackupInput!) {
      restoreBackup(input: $input) {
        ...RestoreFields
      }
    }
    ${restoreFragment}
  `,
  result: data => data.restoreBackup,
};
