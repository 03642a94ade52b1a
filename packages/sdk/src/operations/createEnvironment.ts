import { EnvironmentOverrides } from '@styrmin/plugin-styrmin-common';
import { Environment, environmentFragment } from './recordFields';
import { StyrminOperation } from './StyrminOperation';

/**
 * What `StyrminClient.createEnvironment()` takes.
 *
 * @public
 */
export interface CreateEnvironmentInput {
  name: string;
  /** The cluster's id. */
  cluster: string;
  overrides?: EnvironmentOverrides;
  backupStorageLocation?: string;
}

/** The `createEnvironment` mutation. */
export const createEnvironmentOperation: StyrminOperation<
  { createEnvironment: Environment },
  Environment
> = {
  operationName: 'CreateEnvironment',
  document: /* GraphQL */ `
    mutation CreateEnvironment($input: CreateEnvironmentInput!) {
      createEnvironment(input: $input) {
        ...EnvironmentFields
      }
    }
    ${environmentFragment}
  `,
  result: data => data.createEnvironment,
};
