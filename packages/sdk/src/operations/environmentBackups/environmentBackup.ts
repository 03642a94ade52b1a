import { StyrminOperation } from '../StyrminOperation';
import {
  EnvironmentBackup,
  environmentBackupFragment,
} from './environmentBackupFields';

/** Reads one `environmentBackup`; undefined when there is none (deleted). */
export const environmentBackupOperation: StyrminOperation<
  { environmentBackup: EnvironmentBackup | null },
  EnvironmentBackup | undefined
> = {
  operationName: 'EnvironmentBackup',
  document: /* GraphQL */ `
    query EnvironmentBackup($id: ID!) {
      environmentBackup(id: $id) {
        ...EnvironmentBackupFields
      }
    }
    ${environmentBackupFragment}
  `,
  result: data => data.environmentBackup ?? undefined,
};
