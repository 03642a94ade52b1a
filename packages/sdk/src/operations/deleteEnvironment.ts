import { Environment, environmentFragment } from './recordFields';
import { StyrminOperation } from './StyrminOperation';

/** The `deleteEnvironment` mutation. */
export const deleteEnvironmentOperation: StyrminOperation<
  { deleteEnvironment: Environment },
  Environment
> = {
  operationName: 'DeleteEnvironment',
  document: /* GraphQL */ `
    mutation DeleteEnvironment($input: DeleteEnvironmentInput!) {
      deleteEnvironment(input: $input) {
        ...EnvironmentFields
      }
    }
    ${environmentFragment}
  `,
  result: data => data.deleteEnvironment,
};
