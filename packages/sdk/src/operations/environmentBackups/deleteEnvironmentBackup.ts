import { StyrminOperation } from '../StyrminOperation';
import {
  EnvironmentBackup,
  environmentBackupFragment,
} from './environmentBackupFields';

/** The `deleteEnvironmentBackup` mutation: the deletion of its constituents, and the record goes. */
export const deleteEnvironmentBackupOperation: StyrminOperation<
  { deleteEnvironmentBackup: EnvironmentBackup },
  EnvironmentBackup
> = {
  operationName: 'DeleteEnvironmentBackup',
  document: /* GraphQL */ `
    mutation DeleteEnvironmentBackup($input: DeleteEnvironmentBackupInput!) {
      deleteEnvironmentBackup(input: $input) {
        ...EnvironmentBackupFields
      }
    }
    ${environmentBackupFragment}
  `,
  result: data => data.deleteEnvironmentBackup,
};
