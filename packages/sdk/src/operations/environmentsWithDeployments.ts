import {
  EnvironmentWithDeployments,
  environmentWithDeploymentsFragment,
} from './deploymentSummaryFields';
import { StyrminOperation } from './StyrminOperation';

/**
 * Reads `environments(cluster)` with their deployments: what
 * `StyrminClient.environmentsWithDeployments()` returns.
 */
export const environmentsWithDeploymentsOperation: StyrminOperation<
  { environments: EnvironmentWithDeployments[] },
  EnvironmentWithDeployments[]
> = {
  operationName: 'EnvironmentsWithDeployments',
  document: /* GraphQL */ `
    query EnvironmentsWithDeployments($cluster: ID) {
      environments(cluster: $cluster) {
        ...EnvironmentWithDeploymentsFields
      }
    }
    ${environmentWithDeploymentsFragment}
  `,
  result: data => data.environments,
};
