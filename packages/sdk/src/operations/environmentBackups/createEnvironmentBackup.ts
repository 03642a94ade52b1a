import { StyrminOperation } from '../StyrminOperation';
import { CreateEnvironmentBackupInput as GeneratedCreateEnvironmentBackupInput } from '../generated/operationTypes';
import {
  EnvironmentBackup,
  environmentBackupFragment,
} from './environmentBackupFields';

/**
 * What `StyrminClient.environmentBackups.create()` takes.
 *
 * @public
 */
export type CreateEnvironmentBackupInput =
  GeneratedCreateEnvironmentBackupInput;

/** The `createEnvironmentBackup` mutation: an environment backup now, one constituent per eligible deployment. */
export const createEnvironmentBackupOperation: StyrminOperation<
  { createEnvironmentBackup: EnvironmentBackup },
  EnvironmentBackup
> = {
  operationName: 'CreateEnvironmentBackup',
  document: /* GraphQL */ `
    mutation CreateEnvironmentBackup($input: CreateEnvironmentBackupInput!) {
      createEnvironmentBackup(input: $input) {
        ...EnvironmentBackupFields
      }
    }
    ${environmentBackupFragment}
  `,
  result: data => data.createEnvironmentBackup,
};
