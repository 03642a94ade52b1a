import {
  EnvironmentWithDeployments,
  environmentWithDeploymentsFragment,
} from './deploymentSummaryFields';
import { StyrminOperation } from './StyrminOperation';

/**
 * Reads `environment(id | name)` with its deployments: what
 * `StyrminClient.environmentWithDeployments()` returns.
 */
export const environmentWithDeploymentsOperation: StyrminOperation<
  { environment: EnvironmentWithDeployments | null },
  EnvironmentWithDeployments | undefined
> = {
  operationName: 'EnvironmentWithDeployments',
  document: /* GraphQL */ `
    query EnvironmentWithDeployments($id: ID, $name: String) {
      environment(id: $id, name: $name) {
        ...EnvironmentWithDeploymentsFields
      }
    }
    ${environmentWithDeploymentsFragment}
  `,
  result: data => data.environment ?? undefined,
};
