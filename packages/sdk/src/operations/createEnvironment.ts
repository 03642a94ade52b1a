import { Environment, environmentFragment } from './recordFields';
import { StyrminOperation } from './StyrminOperation';
import { CreateEnvironmentInput as GeneratedCreateEnvironmentInput } from './generated/operationTypes';

/**
 * What `StyrminClient.createEnvironment()` takes.
 *
 * @public
 */
export type CreateEnvironmentInput = GeneratedCreateEnvironmentInput;

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
