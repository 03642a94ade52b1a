import { Environment, environmentFragment } from './recordFields';
import { StyrminOperation } from './StyrminOperation';

/** Reads `environments(cluster)`: what `StyrminClient.environments()` returns. */
export const environmentsOperation: StyrminOperation<
  { environments: Environment[] },
  Environment[]
> = {
  operationName: 'Environments',
  document: /* GraphQL */ `
    query Environments($cluster: ID) {
      environments(cluster: $cluster) {
        ...EnvironmentFields
      }
    }
    ${environmentFragment}
  `,
  result: data => data.environments,
};
